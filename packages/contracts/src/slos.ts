/**
 * Service level objectives and error budgets (issue 33 item 3): an objective on one check or one
 * component, its remaining budget, its budget over time, its multi-window multi-burn-rate alerts (the
 * SRE workbook's method) and a report per calendar month. Server and console validate with these.
 */
import { z } from 'zod';

/** What an SLO measures: runs that passed, or runs that answered under a latency threshold. */
export const SLO_KINDS = ['availability', 'latency'] as const;
/** One SLO kind. */
export type SloKind = (typeof SLO_KINDS)[number];

/** The rolling windows an SLO may be measured over, in days. */
export const SLO_WINDOW_DAYS = [7, 28, 30] as const;

/** The SLO list's page size (default and most). */
export const SLO_PAGE_SIZE = 50;
/** The most SLOs one list page may ask for. */
export const SLO_MAX_PAGE_SIZE = 200;

/** Name of the notification event a burning SLO raises (NOTIFICATION_EVENTS). */
export const SLO_BURN_EVENT = 'slo.burn_rate';

/** How often the burn-rate job evaluates every SLO (a schedule of the job queue). */
export const SLO_EVALUATION_SCHEDULE = '@every 1m';

/** Highest target (a 100% objective has no error budget, so it is refused). */
export const SLO_MAX_TARGET = 99.999;

/** Messages of the SLO API and form. */
export const SLO_MESSAGES = {
  oneTarget: 'Choose exactly one of check_id or component_id',
  thresholdRequired: 'A latency SLO needs latency_threshold_ms',
  thresholdOnlyForLatency: 'latency_threshold_ms applies to latency SLOs only',
  targetRange: `Target is a percentage above 0 and at most ${SLO_MAX_TARGET}`,
  windowDays: `Window is one of ${SLO_WINDOW_DAYS.join(', ')} days`,
  notFound: (id: string) => `SLO '${id}' not found`,
  targetNotFound: (kind: 'check' | 'component', id: string) =>
    `${kind === 'check' ? 'Check' : 'Component'} '${id}' not found`,
  periodFormat: 'period is a month written YYYY-MM',
  created: 'SLO created',
  updated: 'SLO updated',
  deleted: 'SLO deleted',
} as const;

/**
 * One burn-rate alert of the workbook's table: it fires when the error rate over both the long and the
 * short window is above `factor` times the rate the objective allows. `page` wakes someone; `ticket`
 * is for working hours.
 */
export interface BurnRateRule {
  name: string;
  severity: 'page' | 'ticket';
  factor: number;
  longMinutes: number;
  shortMinutes: number;
}

/**
 * The SRE workbook's recommended multi-window multi-burn-rate alerts (chapter 5, table 5-8): 2% of a
 * 30-day budget in an hour, 5% in six hours (page), 10% in three days (ticket).
 */
export const BURN_RATE_RULES: readonly BurnRateRule[] = [
  { name: 'fast', severity: 'page', factor: 14.4, longMinutes: 60, shortMinutes: 5 },
  { name: 'medium', severity: 'page', factor: 6, longMinutes: 360, shortMinutes: 30 },
  { name: 'slow', severity: 'ticket', factor: 1, longMinutes: 4320, shortMinutes: 360 },
];

/** Every window the burn-rate rules read, in minutes, shortest first. */
export const BURN_RATE_WINDOWS: readonly number[] = [
  ...new Set(BURN_RATE_RULES.flatMap((rule) => [rule.longMinutes, rule.shortMinutes])),
].sort((a, b) => a - b);

const targetField = z
  .number({ message: SLO_MESSAGES.targetRange })
  .gt(0, SLO_MESSAGES.targetRange)
  .max(SLO_MAX_TARGET, SLO_MESSAGES.targetRange);

const windowField = z
  .number({ message: SLO_MESSAGES.windowDays })
  .int(SLO_MESSAGES.windowDays)
  .refine((value) => (SLO_WINDOW_DAYS as readonly number[]).includes(value), SLO_MESSAGES.windowDays);

const thresholdField = z
  .number()
  .int('Latency threshold is a whole number of milliseconds')
  .min(1, 'Latency threshold is at least 1 ms')
  .max(600_000, 'Latency threshold is at most 600000 ms');

const sloFields = {
  name: z
    .string({ message: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(255, 'Name is at most 255 characters'),
  description: z.string().max(2000, 'Description is at most 2000 characters').nullish(),
  check_id: z.guid({ message: 'check_id must be a UUID' }).nullish(),
  component_id: z.guid({ message: 'component_id must be a UUID' }).nullish(),
  kind: z.enum(SLO_KINDS, { message: `Kind is one of ${SLO_KINDS.join(', ')}` }).default('availability'),
  target: targetField,
  window_days: windowField.default(30),
  latency_threshold_ms: thresholdField.nullish(),
};

function refineSlo(
  slo: { check_id?: string | null; component_id?: string | null; kind?: SloKind; latency_threshold_ms?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(slo.check_id) === Boolean(slo.component_id))
    ctx.addIssue({ code: 'custom', path: ['check_id'], message: SLO_MESSAGES.oneTarget });
  if (slo.kind === 'latency' && !slo.latency_threshold_ms)
    ctx.addIssue({ code: 'custom', path: ['latency_threshold_ms'], message: SLO_MESSAGES.thresholdRequired });
  if (slo.kind === 'availability' && slo.latency_threshold_ms)
    ctx.addIssue({ code: 'custom', path: ['latency_threshold_ms'], message: SLO_MESSAGES.thresholdOnlyForLatency });
}

/** Body of `POST /api/slos`: unknown fields are refused (nothing accepted is ignored). */
export const sloInputSchema = z.strictObject(sloFields).superRefine(refineSlo);
/** A new SLO. */
export type SloInput = z.input<typeof sloInputSchema>;

/** Body of `PATCH /api/slos/{id}`: any field but the target object, which an SLO keeps for life. */
export const sloUpdateSchema = z.strictObject({
  name: sloFields.name.optional(),
  description: sloFields.description,
  kind: z.enum(SLO_KINDS, { message: `Kind is one of ${SLO_KINDS.join(', ')}` }).optional(),
  target: targetField.optional(),
  window_days: windowField.optional(),
  latency_threshold_ms: thresholdField.nullish(),
});
/** A change to an SLO. */
export type SloUpdate = z.input<typeof sloUpdateSchema>;

/** One burn-rate alert's state as last evaluated. */
export const sloBurnAlertSchema = z.object({
  name: z.string(),
  severity: z.enum(['page', 'ticket']),
  factor: z.number(),
  long_minutes: z.number(),
  short_minutes: z.number(),
  long_rate: z.number().nullable(),
  short_rate: z.number().nullable(),
  firing: z.boolean(),
});
/** A burn-rate alert's state. */
export type SloBurnAlert = z.infer<typeof sloBurnAlertSchema>;

/** The figures of an SLO over its rolling window ending now. */
export const sloStatusSchema = z.object({
  good: z.number(),
  bad: z.number(),
  total: z.number(),
  /** Measured service level in percent; null without a counted run. */
  sli: z.number().nullable(),
  /** Share of the error budget left, in percent (below zero once overspent); 100 without a counted run. */
  budget_remaining: z.number(),
  /** Bad runs the window may still take before the budget is spent. */
  budget_remaining_events: z.number(),
  /** Minutes of the window excluded by maintenance windows. */
  excluded_minutes: z.number(),
  burn_alerts: z.array(sloBurnAlertSchema),
});
/** An SLO's figures. */
export type SloStatus = z.infer<typeof sloStatusSchema>;

/** An SLO as the API answers it, with its figures now. */
export const sloSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  check_id: z.string().nullable(),
  component_id: z.string().nullable(),
  target_name: z.string().nullable(),
  kind: z.enum(SLO_KINDS),
  target: z.number(),
  window_days: z.number(),
  latency_threshold_ms: z.number().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status: sloStatusSchema,
});
/** An SLO. */
export type Slo = z.infer<typeof sloSchema>;

/** `GET /api/slos` query: by target, paged. */
export const sloListQuerySchema = z.strictObject({
  check_id: z.guid({ message: 'check_id must be a UUID' }).optional(),
  component_id: z.guid({ message: 'component_id must be a UUID' }).optional(),
  limit: z.coerce
    .number({ message: 'limit is a whole number' })
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(SLO_MAX_PAGE_SIZE, `limit is at most ${SLO_MAX_PAGE_SIZE}`)
    .default(SLO_PAGE_SIZE),
  offset: z.coerce
    .number({ message: 'offset is a whole number' })
    .int('offset is a whole number')
    .min(0, 'offset is at least 0')
    .default(0),
});

/** `GET /api/slos` answer: one page and the total. */
export const sloListSchema = z.object({ items: z.array(sloSchema), total: z.number() });
/** A page of SLOs. */
export type SloList = z.infer<typeof sloListSchema>;

/** One point of an SLO's budget over time: the remaining budget of the rolling window ending at `time`. */
export const sloHistoryPointSchema = z.object({ time: z.string(), budget_remaining: z.number().nullable() });

/** `GET /api/slos/{id}/history` answer: hourly points over the last window length. */
export const sloHistorySchema = z.object({ points: z.array(sloHistoryPointSchema) });
/** An SLO's budget history. */
export type SloHistory = z.infer<typeof sloHistorySchema>;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `GET /api/slos/report` query: a calendar month (UTC) and the answer's format. */
export const sloReportQuerySchema = z.strictObject({
  period: z.string({ message: SLO_MESSAGES.periodFormat }).regex(PERIOD, SLO_MESSAGES.periodFormat),
  format: z.enum(['json', 'csv'], { message: 'format is json or csv' }).default('json'),
});

/** One SLO's line of a period report. */
export const sloReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  target_name: z.string().nullable(),
  kind: z.enum(SLO_KINDS),
  target: z.number(),
  good: z.number(),
  bad: z.number(),
  total: z.number(),
  sli: z.number().nullable(),
  budget_used: z.number(),
  excluded_minutes: z.number(),
  met: z.boolean().nullable(),
});
/** A report line. */
export type SloReportRow = z.infer<typeof sloReportRowSchema>;

/** `GET /api/slos/report` answer (JSON). */
export const sloReportSchema = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(sloReportRowSchema),
});
/** A period report. */
export type SloReport = z.infer<typeof sloReportSchema>;

/** The columns of the CSV report, in order. */
export const SLO_REPORT_COLUMNS = [
  'period',
  'slo_id',
  'name',
  'object',
  'kind',
  'target_percent',
  'good',
  'bad',
  'total',
  'sli_percent',
  'budget_used_percent',
  'excluded_minutes',
  'met',
] as const;
