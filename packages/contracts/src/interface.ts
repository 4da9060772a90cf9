/**
 * Interface constants and texts of the console (spec 000 §8–§9, 001 §2, §5, §8–§9). The console reads
 * them from here so that the screens and their tests share one source; the server never needs them.
 */

/** Cache stale times (spec 000 §9): lookups 5 minutes, labels 60 s, check history 10 s. */
export const STALE_TIMES = {
  default: 300_000,
  labels: 60_000,
  checkHistory: 10_000,
} as const;

/** Status points the check graph asks for (spec 000 §9 "Graph fetch count: 300"). */
export const GRAPH_FETCH_COUNT = 300;

/** Table page sizes offered (spec 001 §9), the default, and the compact variant. */
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const COMPACT_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** Virtual scrolling of tables (spec 001 §9). */
export const VIRTUAL_ROW_ESTIMATE = 35;
export const VIRTUAL_OVERSCAN = 10;

/** Toasts last 5 s (spec 001 §9). */
export const TOAST_DURATION_MS = 5000;

/** Topology card width slider (spec 001 §2, §9). */
export const CARD_WIDTH = { min: 250, max: 768, step: 2, defaultPx: 554 } as const;

/** Newest recently used absolute ranges kept (spec 001 §9). */
export const RECENT_TIME_RANGES_LIMIT = 5;

/** Sidebar auto-collapses below this window width; the layout never gets narrower (spec 001 §2). */
export const SIDEBAR_AUTO_COLLAPSE_WIDTH = 1024;
export const MIN_LAYOUT_WIDTH = 800;

/** Label multi-select summarises at this many selections; chips list this many items (spec 001 §9). */
export const SELECTION_SUMMARY_THRESHOLD = 4;
export const CHIP_VISIBLE_ITEMS = 3;

/** Progress bars never draw narrower than 5 % nor wider than 100 % (spec 001 §5). */
export const PROGRESS_CLAMP = { min: 5, max: 100 } as const;

/** Browser storage keys (spec 001 §2, §9). */
export const STORAGE_KEYS = {
  sidebarCollapsed: 'sidebarCollapsed',
  pageSize: 'persistPageSize',
  cardWidth: 'topology_card_width',
  datetimeFormat: 'datetime_preference',
  timezone: 'display_timezone_preference',
  showDeleted: 'show_deleted_items_preference',
  recentTimeRanges: 'recentlyUsedTimeRanges',
} as const;

/** The console's display name; every page title ends with it (spec 001 §1). */
export const PRODUCT_NAME = 'Mission Control';

/** Texts the shell and shared pieces show (spec 000 §8, 001 §2, §5, §8). */
export const UI_MESSAGES = {
  unauthorized: 'Unauthorized – You do not have permission to access this page',
  errorBoundary: 'Sorry.. there was an error',
  somethingWentWrong: 'Something went wrong',
  uncaughtError: 'Uncaught error',
  noDetails: 'No details found',
  noData: 'No data available',
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
  anError: 'An error occurred',
  copied: 'Copied to clipboard',
  clipboardUnavailable: 'Clipboard not available',
  copyFailed: 'Failed to copy to clipboard',
  invalidMappedRange: 'Invalid mapped time range',
  invalidRelativeRange: 'Invalid relative time range',
  labelParseError: 'Error parsing labels',
  provisioning: 'Please wait, instance provisioning in-progress ...',
} as const;

/** A disabled parent feature disables these children (spec 001 §6). */
export const FEATURE_PARENTS: Readonly<Record<string, string>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
};
