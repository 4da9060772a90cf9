/**
 * Log search (issue 17; spec 000 §7 `POST /logs {name, id, query}`): the request and answer of
 * `POST /api/logs`, the backend kinds and their syntax hints, and the limits every backend applies.
 * The server validates with these schemas and the console builds its requests from them.
 */
import { z } from 'zod';

/** Levels a line may carry after normalisation (`warning` → `warn`, `fatal`/`critical` → `error`…). */
export const LOG_LINE_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
/** A normalised level. */
export type LogLineLevel = (typeof LOG_LINE_LEVELS)[number];

/** Backend kinds, one registry file each on the server (`modules/logs/backends/<kind>.ts`). */
export const LOG_BACKEND_KINDS = ['postgres', 'file', 'loki', 'elasticsearch', 'opensearch', 'kubernetes'] as const;
/** A backend kind. */
export type LogBackendKind = (typeof LOG_BACKEND_KINDS)[number];

/** The name (and id) of the built-in backend: the server's own logs, always present. */
export const BUILT_IN_LOG_BACKEND = 'mission-control';

/** What the query box explains per kind: the syntax its `text` is sent in. */
export const LOG_QUERY_HINTS: Readonly<Record<LogBackendKind, string>> = {
  postgres: 'Words match anywhere in the message (case-insensitive); /regex/ for a regular expression',
  file: 'Words match anywhere in the line (case-insensitive), every word must appear',
  loki: 'LogQL, e.g. {app="web"} |= "timeout" — labels chosen below are added to the stream selector',
  elasticsearch: 'Lucene query string, e.g. message:timeout AND service:web',
  opensearch: 'Lucene query string, e.g. message:timeout AND service:web',
  kubernetes: 'Words match anywhere in the line (case-insensitive); labels choose the pods (app=web)',
};

/** Limits of one search. */
export const LOG_SEARCH_LIMITS = {
  defaultLimit: 200,
  maxLimit: 1000,
  maxTextLength: 2000,
  maxLabels: 20,
  /** Default window when the query names no start: the last hour. */
  defaultWindowMs: 3_600_000,
  /** Live tail: how often the backend is polled. */
  tailIntervalMs: 2000,
} as const;

const label = z.string().min(1).max(200);
const isoTime = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time');

/** The `query` of a search. A bare string is the text. */
export const logQuerySchema = z
  .object({
    /** In the backend's syntax (see {@link LOG_QUERY_HINTS}). */
    text: z.string().max(LOG_SEARCH_LIMITS.maxTextLength).optional(),
    start: isoTime.optional(),
    end: isoTime.optional(),
    levels: z.array(z.enum(LOG_LINE_LEVELS)).max(LOG_LINE_LEVELS.length).optional(),
    labels: z
      .record(label, z.string().max(500))
      .refine((labels) => Object.keys(labels).length <= LOG_SEARCH_LIMITS.maxLabels, {
        message: `at most ${LOG_SEARCH_LIMITS.maxLabels} labels`,
      })
      .optional(),
    limit: z.number().int().min(1).max(LOG_SEARCH_LIMITS.maxLimit).optional(),
    /** The `next` of the previous page. */
    cursor: z.string().max(4096).optional(),
  })
  .strict();
/** A parsed query. */
export type LogQuery = z.infer<typeof logQuerySchema>;

/** `POST /api/logs`: `name` the backend, `id` an optional component or catalog item whose logs to read. */
export const logSearchRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(200),
    id: z.guid().optional(),
    query: z.preprocess((value) => (typeof value === 'string' ? { text: value } : value), logQuerySchema).optional(),
  })
  .strict();
/** A search request. */
export type LogSearchRequest = z.infer<typeof logSearchRequestSchema>;

/** One line as every backend answers it. */
export const logLineSchema = z.object({
  timestamp: z.string(),
  level: z.enum(LOG_LINE_LEVELS).nullable(),
  message: z.string(),
  labels: z.record(z.string(), z.string()),
  /** The structured entry when the line is JSON (expandable in the console). */
  fields: z.record(z.string(), z.unknown()).optional(),
});
/** A log line. */
export type LogLine = z.infer<typeof logLineSchema>;

/** The answer: newest first; `total` when the backend knows it, `next` to read the following (older) page. */
export const logSearchResponseSchema = z.object({
  backend: z.object({ name: z.string(), kinds: z.array(z.enum(LOG_BACKEND_KINDS)) }),
  lines: z.array(logLineSchema),
  total: z.number().int().nullable(),
  next: z.string().nullable(),
});
/** A search answer. */
export type LogSearchResponse = z.infer<typeof logSearchResponseSchema>;

/** One backend the console may search (`GET /api/logs/backends`). */
export const logBackendSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kinds: z.array(z.enum(LOG_BACKEND_KINDS)),
  hint: z.string(),
  builtIn: z.boolean(),
});
/** A backend summary. */
export type LogBackendSummary = z.infer<typeof logBackendSummarySchema>;

/** `GET /api/logs/backends` answer. */
export const logBackendListSchema = z.array(logBackendSummarySchema);

/** A row of `components_with_logs` (000 §7): a component that names log selectors. */
export const componentWithLogsRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  icon: z.string().nullable(),
  agent_id: z.string().nullable(),
  log_selectors: z.unknown(),
});
/** A `components_with_logs` row. */
export type ComponentWithLogsRow = z.infer<typeof componentWithLogsRowSchema>;
