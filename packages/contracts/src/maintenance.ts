/**
 * Maintenance windows (issue 33 item 2): one-off or recurring spans during which notifications for a scope
 * (the silences' selectors) are held, check results read as in maintenance, and — per window, by default —
 * uptime and SLO figures leave the span out. Shared by the API, the console form and the status pages.
 */
import { z } from 'zod';

/** Longest window: 30 days, in minutes (a longer hold is a silence, not maintenance). */
export const MAINTENANCE_MAX_DURATION_MINUTES = 43_200;
/** Most occurrences expanded for one range, so a rule over a long range cannot hold the event loop. */
export const MAINTENANCE_MAX_OCCURRENCES = 5_000;
/** Most windows the console list and `GET /api/maintenance` answer in one page. */
export const MAINTENANCE_PAGE_SIZE = 50;
/** How far ahead `GET /api/maintenance` lists each window's next occurrences. */
export const MAINTENANCE_UPCOMING_DAYS = 30;
/** The status a check's result reads as while its check is in a window (derived at read time). */
export const IN_MAINTENANCE = 'maintenance';

/** The body of `POST /api/maintenance` (and, merged over the stored window, `PATCH /api/maintenance/{id}`). */
export const maintenanceBodySchema = z
  .object({
    title: z.string().trim().min(1, 'A title is required').max(200),
    description: z.string().trim().max(2000).default(''),
    starts_at: z.iso.datetime({ offset: true, error: 'starts_at must be an ISO date-time' }),
    duration_minutes: z
      .number()
      .int('duration_minutes must be a whole number')
      .min(1, 'duration_minutes must be at least 1')
      .max(MAINTENANCE_MAX_DURATION_MINUTES, `duration_minutes must be at most ${MAINTENANCE_MAX_DURATION_MINUTES}`),
    timezone: z.string().trim().min(1).max(64).default('UTC'),
    /** RFC 5545 RRULE without DTSTART/TZID (`FREQ=WEEKLY;BYDAY=SU`); absent or null: one-off. */
    rrule: z.string().trim().max(500).nullable().optional(),
    exclude_from_uptime: z.boolean().default(true),
    filter: z.string().trim().max(4000).optional(),
    check_id: z.guid().optional(),
    config_id: z.guid().optional(),
    component_id: z.guid().optional(),
    canary_id: z.guid().optional(),
    recursive: z.boolean().default(true),
  })
  .strict()
  .refine((body) => Boolean(body.filter || body.check_id || body.config_id || body.component_id || body.canary_id), {
    message: 'A maintenance window needs a resource (check, catalog item, component or canary) or a filter',
  });
/** A parsed maintenance body. */
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;

/** One occurrence of a window. */
export const maintenanceOccurrenceSchema = z.object({ start: z.string(), end: z.string() });
/** One occurrence. */
export type MaintenanceOccurrence = z.infer<typeof maintenanceOccurrenceSchema>;

/** A window as stored (`maintenance_windows` row) with its current and next occurrences. */
export const maintenanceWindowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  duration_minutes: z.number(),
  timezone: z.string(),
  rrule: z.string().nullable(),
  series_ends_at: z.string().nullable(),
  exclude_from_uptime: z.boolean(),
  filter: z.string().nullable(),
  recursive: z.boolean(),
  check_id: z.string().nullable(),
  config_id: z.string().nullable(),
  component_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** True while an occurrence is under way. */
  active: z.boolean(),
  /** The occurrence under way, then the next ones within {@link MAINTENANCE_UPCOMING_DAYS} days (at most 5). */
  occurrences: z.array(maintenanceOccurrenceSchema),
});
/** A maintenance window as the API answers it. */
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** `GET /api/maintenance` answer. */
export const maintenanceListSchema = z.object({ windows: z.array(maintenanceWindowSchema), total: z.number() });
/** A page of maintenance windows. */
export type MaintenanceList = z.infer<typeof maintenanceListSchema>;

/** Longest range `GET /api/maintenance/intervals` expands, in days (a year and a day). */
export const MAINTENANCE_INTERVALS_MAX_DAYS = 366;

/** One span of `GET /api/maintenance/intervals`. */
export const maintenanceIntervalSchema = z.object({
  start: z.string(),
  end: z.string(),
  exclude_from_uptime: z.boolean(),
  title: z.string(),
  window_id: z.string(),
});
/** `GET /api/maintenance/intervals` answer: the spans a check or component is in maintenance over a range. */
export const maintenanceIntervalsSchema = z.object({ intervals: z.array(maintenanceIntervalSchema) });
/** The spans in maintenance. */
export type MaintenanceIntervals = z.infer<typeof maintenanceIntervalsSchema>;
