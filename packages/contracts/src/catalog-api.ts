import { z } from 'zod';

/** Deepest related-configs walk (spec 000 §9 "Related configs max depth: 10"). */
export const CATALOG_RELATED_MAX_DEPTH = 10;
/** Deepest recursion of a changes search (spec 000 §9 "Changes recursion depth: 5"); also its default. */
export const CATALOG_CHANGES_MAX_DEPTH = 5;
/** Changes per page when the request names none (upstream default). */
export const CATALOG_CHANGES_PAGE_SIZE = 50;
/** Largest changes page. */
export const CATALOG_CHANGES_MAX_PAGE_SIZE = 1000;
/** The window a changes search covers when it names neither `from` nor `to` (upstream: now-2d). */
export const CATALOG_CHANGES_DEFAULT_FROM = 'now-2d';
/** The window of the summary's change counts when the request names none. */
export const CATALOG_SUMMARY_DEFAULT_SINCE = '7d';
/** Longest window of the summary's change counts, in days. */
export const CATALOG_SUMMARY_MAX_SINCE_DAYS = 90;
/** The cost windows a summary may add (`cost: '1d'` → `cost_1d`), upstream's list; '' adds none. */
export const CATALOG_SUMMARY_COST_RANGES = ['', '1h', '1d', '30d'] as const;

/** Change severities, most severe first: a `severity` filter means "this or more severe". */
export const CHANGE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
/** One change severity. */
export type ChangeSeverity = (typeof CHANGE_SEVERITIES)[number];

/** Columns a changes search may sort by (prefix `-` for descending). */
export const CATALOG_CHANGE_SORT_COLUMNS = ['name', 'change_type', 'summary', 'source', 'created_at', 'count'] as const;

/** Which related items' changes a search by one id includes. */
export const CATALOG_CHANGE_RECURSION = ['downstream', 'upstream', 'all', 'none'] as const;

/** Relations of a manual link: always soft (hard relationships come from scrapers). */
export const MANUAL_RELATION = 'soft';
/** The selector of a relationship or config–component link a person made. */
export const MANUAL_SELECTOR = 'manual';

/** Messages of the catalog API that clients show as they are. */
export const CATALOG_API_MESSAGES = {
  badTime: (field: string) => `${field} must be an RFC 3339 time or a date expression such as now-2d`,
  fromAfterTo: "'from' must be before 'to'",
  badSeverity: `severity must be one of ${CHANGE_SEVERITIES.join(', ')} (optionally prefixed with !)`,
  badSortBy: `sort_by must be one of ${CATALOG_CHANGE_SORT_COLUMNS.join(', ')} (prefix - for descending)`,
  badIds: 'id must be a config id or a comma-separated list of config ids',
  badSelector: (field: string) => `${field}: not a valid selector (key=value, key!=value, key in (a,b), key, !key)`,
  badCost: 'cost range is not allowed. allowed (1h, 1d, 30d)',
  /** `GET /api/config/query` is refused by design: upstream's ran caller-written SQL. */
  rawQueryRefused:
    'GET /api/config/query is not offered: it ran SQL written by the caller against the database. Read items through /api/db/config_items (PostgREST filters) or POST /api/catalog/summary',
  badSince: `changes.since must be a number of days such as 7d (1 to ${CATALOG_SUMMARY_MAX_SINCE_DAYS})`,
  badAnalysisSince: `analysis.since must be a number of days such as 7d (1 to ${CATALOG_SUMMARY_MAX_SINCE_DAYS})`,
  selfLink: 'An item cannot be related to itself',
  notFound: (id: string) => `No config item with id ${id}`,
  notManual: 'Only relationships linked by hand can be removed here; scrapers rewrite the others on their next run',
} as const;

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** `true`/`false` as JSON or text (a query string carries text). */
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/**
 * A value list filter as upstream writes it: comma-separated values, each optionally prefixed with `!`
 * to exclude it (`Kubernetes::Pod,Kubernetes::Deployment`, `!diff`); empty filters nothing.
 */
const valueFilter = text(2000);

/** A time: RFC 3339, or `now` with optional steps such as `now-2d`, `now-90m`, `now+1h` (s m h d w). */
export const TIME_EXPRESSION = /^now(?:[+-]\d{1,6}[smhdw])*$/;

/** `POST /api/catalog/changes` (spec 000 §7): every listed parameter, plus `soft` for recursion over soft links. */
export const catalogChangesRequestSchema = z.strictObject({
  id: text(4000).optional(),
  config_type: valueFilter.optional(),
  type: valueFilter.optional(),
  severity: text(20).optional(),
  from: text(64).optional(),
  to: text(64).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(CATALOG_CHANGES_MAX_PAGE_SIZE).default(CATALOG_CHANGES_PAGE_SIZE),
  sort_by: text(40).optional(),
  tags: text(2000).optional(),
  recursive: z.enum(CATALOG_CHANGE_RECURSION).default('downstream'),
  depth: z.coerce.number().int().min(1).max(CATALOG_CHANGES_MAX_DEPTH).default(CATALOG_CHANGES_MAX_DEPTH),
  include_deleted_configs: flag.default(false),
  soft: flag.default(false),
});
/** A changes search as sent. */
export type CatalogChangesRequest = z.input<typeof catalogChangesRequestSchema>;

/** One change row of a search: the change and its item's name, type and tags (no diff: read it by id). */
export const catalogChangeSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string(),
  tags: z.record(z.string(), z.unknown()).nullable(),
  change_type: z.string().nullable(),
  severity: z.string().nullable(),
  source: z.string().nullable(),
  summary: z.string().nullable(),
  count: z.number(),
  created_at: z.string(),
  first_observed: z.string().nullable(),
  created_by: z.string().nullable(),
  external_created_by: z.string().nullable(),
  agent_id: z.string(),
  path: z.string().nullable(),
  deleted_at: z.string().nullable(),
  inserted_at: z.string(),
});
/** A change row of a search. */
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

/** The answer: the page, the number of matching changes and their count per change type. */
export const catalogChangesResponseSchema = z.object({
  total: z.number(),
  summary: z.record(z.string(), z.number()),
  page: z.number(),
  page_size: z.number(),
  changes: z.array(catalogChangeSchema),
});
/** A changes search answer. */
export type CatalogChangesResponse = z.infer<typeof catalogChangesResponseSchema>;

/** `POST /api/catalog/summary`: counts per type (or per tag) under the list's filters. */
export const catalogSummaryRequestSchema = z.strictObject({
  groupBy: z
    .array(z.string().regex(/^[A-Za-z0-9_.\-/:]{1,63}$/, 'groupBy: type or tag keys'))
    .min(1)
    .max(3)
    .optional(),
  type: valueFilter.optional(),
  status: valueFilter.optional(),
  health: valueFilter.optional(),
  labels: text(2000).optional(),
  tags: text(2000).optional(),
  search: text(200).optional(),
  deleted: flag.default(false),
  changes: z.strictObject({ since: text(8).default(CATALOG_SUMMARY_DEFAULT_SINCE) }).optional(),
  /**
   * Upstream's console sends `analysis: {}` or `analysis: {since: '30d'}`; the open insight counts are always
   * answered, and `since` (days, as `changes.since`) counts only those last observed in that window.
   */
  analysis: z.strictObject({ since: text(8).optional() }).optional(),
  /** Adds `cost_<range>`: the group's summed cost over the last hour, day or 30 days ('' is none, as upstream). */
  cost: z.enum(CATALOG_SUMMARY_COST_RANGES, { message: CATALOG_API_MESSAGES.badCost }).optional(),
});
/** A summary request as sent. */
export type CatalogSummaryRequest = z.input<typeof catalogSummaryRequestSchema>;

/** One summary row: the group's keys (`type`, or the grouped tag keys) and its counts. */
export const catalogSummaryRowSchema = z
  .object({
    count: z.number(),
    health: z.record(z.string(), z.number()),
    changes: z.number(),
    analysis: z.record(z.string(), z.number()),
  })
  .catchall(z.unknown());
/** A summary row. */
export type CatalogSummaryRow = z.infer<typeof catalogSummaryRowSchema>;

/** `POST /api/catalog/{id}/relationships`: link the item to another by hand (a soft relationship). */
export const catalogLinkSchema = z.strictObject({
  related_id: z.guid({ error: 'related_id must be a config id' }),
});
/** A manual link as sent. */
export type CatalogLink = z.infer<typeof catalogLinkSchema>;

/** A relationship row as stored. */
export const configRelationshipSchema = z.object({
  config_id: z.string(),
  related_id: z.string(),
  relation: z.string(),
  /** Hard: declared by the source (a scraper); soft: linked by hand (migration 0081). */
  hard: z.boolean(),
  selector_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
/** A relationship row. */
export type ConfigRelationship = z.infer<typeof configRelationshipSchema>;

/** `POST /api/catalog/summary` answer: one row per type (or tag). */
export const catalogSummaryResponseSchema = z.array(catalogSummaryRowSchema);
