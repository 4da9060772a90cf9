/**
 * Constants and texts of the health console (spec 000 §2, §5, §6, §9; 001 §2, §4, §9): the dashboard's
 * defaults, the check detail modal's history filters and thresholds. The console's screens and their
 * tests read them from here; the server needs none of them.
 */

/** Dashboard defaults (001 §9): Hide Passing on, tabs by namespace, groups by canary name; search waits 400 ms. */
export const HEALTH_DASHBOARD = {
  hidePassing: true,
  tabBy: 'namespace',
  groupBy: 'canary_name',
  searchDebounceMs: 400,
  searchPlaceholder: 'Search by name, description, or endpoint',
  /** The dashboard's summary window: upstream's health list is a trailing hour. */
  summaryWindow: '1h',
} as const;

/** The time range a dashboard row opens the check with (001 §2). */
export const CHECK_LINK_TIME_RANGE = '1h';

/** Refresh choices of the dashboard (001 §4: suffix s, m, h, d or w; 0 or none is off). */
export const HEALTH_REFRESH_OPTIONS = ['none', '15s', '30s', '1m', '5m', '15m', '30m', '1h', '1d'] as const;

/** Check history (000 §2, §5, §9): page size, duration choices and the typed-duration message. */
export const CHECK_HISTORY = {
  pageSize: 50,
  durationOptions: ['100ms', '500ms', '1s', '5s', '10s', '30s'],
  durationMessage: 'duration is allowed only in milli seconds & seconds',
} as const;

/** The last-run age is hidden beyond a week (000 §9). */
export const LAST_RUN_AGE_HIDDEN_AFTER_MS = 604_800_000;

/** Screens shorter than this show the chart in its own Graph tab (000 §9 mobile layout threshold). */
export const MOBILE_LAYOUT_HEIGHT = 992;

/** Roles that see Run Now on a check (000 §6). */
export const CHECK_RUN_NOW_ROLES = ['admin', 'editor', 'responder', 'commander'] as const;
