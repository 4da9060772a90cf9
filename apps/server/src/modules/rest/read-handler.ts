import { DATA_API_MAX_ROWS } from '@mc/contracts';
import type { PreparedReads } from '@mc/db';
import type pg from 'pg';
import type { RowScope } from '../../platform/access.js';
import type { CountSource } from './count-sources.js';
import type { EmbedScopes } from './embed-access.js';
import { PgrstError, singularityError } from './pgrst-error.js';
import type { ParsedQuery } from './query-types.js';
import { type BuildContext, type LevelPlan, planLevel, whereSql } from './read-builder.js';
import { readerSource } from './reader-sources.js';
import type { AcceptChoice, Preferences, RangeHeader } from './request-options.js';
import { contentRange, contentType, type RestResponse, rangeStatus, unwrapSingle } from './rest-response.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';
import { rowScopeSql } from './scope-sql.js';
import { ident, pageBound, SqlParams } from './sql-text.js';

/**
 * Above this many rows `count=estimated` answers the planner's estimate instead of counting, as
 * PostgREST does with its max-rows setting.
 */
export const ESTIMATED_COUNT_THRESHOLD = DATA_API_MAX_ROWS;

/** Everything a read needs. */
export interface ReadRequest {
  pool: pg.Pool;
  /**
   * Runs the page prepared once its statement is hot (@mc/db preparedReads); absent: every read plans anew.
   * An RPC passes it only for a function that is not volatile (a read).
   */
  reads?: PreparedReads;
  cache: SchemaCache;
  table: TableInfo;
  query: ParsedQuery;
  prefs: Preferences;
  accept: AcceptChoice;
  range?: RangeHeader;
  rowScopes?: readonly RowScope[];
  /** The policy's answer for each embedded table (see embed-access.ts). */
  embedScopes: EmbedScopes;
  head: boolean;
  /** RPC: the function call to read from instead of the table, with its arguments already in `params`. */
  source?: { sql: string; params: SqlParams };
  /** The table owner's exact totals for some filters (count-sources.ts). */
  countSource?: CountSource;
}

/** The rows to return: intersection of limit/offset with the Range header, capped at max rows. */
export function pageWindow(query: ParsedQuery, range?: RangeHeader): { lower: number; limit: number } {
  const root = query.nodes.get('');
  const offset = root?.offset ?? 0;
  let lower = offset;
  let upper = root?.limit !== undefined ? offset + root.limit - 1 : Number.POSITIVE_INFINITY;
  if (range) {
    lower = Math.max(lower, range.lower);
    upper = Math.min(upper, range.upper ?? Number.POSITIVE_INFINITY);
  }
  upper = Math.min(upper, lower + DATA_API_MAX_ROWS - 1);
  return { lower, limit: Math.max(0, upper - lower + 1) };
}

/** Renumbers `$n` in `sql` to a dense `$1..$k` and returns the matching values (for a statement run alone). */
export function extractStatement(sql: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  const mapping = new Map<number, number>();
  const out: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const old = Number(n);
    let fresh = mapping.get(old);
    if (fresh === undefined) {
      out.push(values[old - 1]);
      fresh = out.length;
      mapping.set(old, fresh);
    }
    return `$${fresh}`;
  });
  return { text, values: out };
}

/**
 * Plans the root level of a read of `table`, with the policy's row scope added to its WHERE; `base` is what
 * an RPC reads from instead of the table.
 */
export function planRoot(
  cache: SchemaCache,
  table: TableInfo,
  query: ParsedQuery,
  params: SqlParams,
  rowScopes: readonly RowScope[] | undefined,
  embedScopes: EmbedScopes,
  base?: string,
): LevelPlan {
  const ctx: BuildContext = { cache, query, params, nextAlias: 0, embedScopes };
  const alias = 'pgrst_0';
  const plan = planLevel(ctx, table, alias, '', query.select, []);
  const source = readerSource(table, rowScopes, params, base);
  plan.from = source.from;
  if (rowScopes && !source.scoped) plan.where.push(rowScopeSql(table, alias, rowScopes, params));
  return plan;
}

/** How long a planner estimate is reused for the same filters (paging a list re-asks with each page). */
const PLAN_TTL_MS = 10_000;
const PLAN_CACHE_SIZE = 1_000;
const planCaches = new WeakMap<pg.Pool, Map<string, { rows: number; at: number }>>();

/**
 * The planner's row estimate for `fromWhere` (EXPLAIN). Estimates are kept per pool for ten seconds
 * under the statement and its values — not the page window — so the pages of one list share one EXPLAIN.
 */
async function plannedCount(pool: pg.Pool, fromWhere: string, values: readonly unknown[]): Promise<number> {
  const statement = extractStatement(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, values);
  let cache = planCaches.get(pool);
  if (!cache) {
    cache = new Map();
    planCaches.set(pool, cache);
  }
  const key = `${statement.text}\u0000${JSON.stringify(statement.values)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < PLAN_TTL_MS) return hit.rows;
  const result = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    statement.text,
    statement.values,
  );
  const rows = Math.round(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  cache.delete(key);
  cache.set(key, { rows, at: now });
  if (cache.size > PLAN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return rows;
}

/**
 * The page as PostgREST's `text/csv`: a header of the row's keys (empty when there is no row), then each
 * row as PostgreSQL's record text without its parentheses (values quoted as needed, NULL empty).
 */
function csvStatement(page: string, countSql: string): string {
  const header = `(SELECT COALESCE(string_agg(k, ','), '') FROM json_object_keys((SELECT row_to_json(h) FROM pgrst_page h LIMIT 1)) k)`;
  const rows = `COALESCE(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), E'\\n'), '')`;
  return `WITH pgrst_page AS (${page}) SELECT ${header} || E'\\n' || ${rows} AS body, count(*)::int AS page_count${countSql} FROM pgrst_page pgrst_t`;
}

/**
 * The table owner's exact total for the read's filters (count-sources.ts), when nothing else narrows its
 * rows: no row scope, no `!inner` embed, not an RPC's rows. Undefined: count the rows.
 */
function exactCountSql(req: ReadRequest, params: SqlParams): string | undefined {
  if (!req.countSource || req.source || req.rowScopes !== undefined) return undefined;
  if (req.query.select.some((item) => item.kind === 'embed' && item.inner)) return undefined;
  const conditions = req.query.nodes.get('')?.conditions ?? [];
  return req.countSource({ conditions, param: (value) => params.add(value) });
}

/** Runs a GET/HEAD on a table: one statement builds the JSON page (and its count) in PostgreSQL. */
export async function runRead(req: ReadRequest): Promise<RestResponse> {
  const params = req.source?.params ?? new SqlParams();
  const plan = planRoot(req.cache, req.table, req.query, params, req.rowScopes, req.embedScopes, req.source?.sql);
  const { lower, limit } = pageWindow(req.query, req.range);
  const fromWhere = `FROM ${plan.from} AS ${ident(plan.alias)}${whereSql(plan.where)}`;
  const page = `SELECT ${plan.selectList} ${fromWhere}${plan.orderBy} LIMIT ${pageBound(limit)} OFFSET ${pageBound(lower)}`;
  const body = req.accept.stripNulls ? `json_strip_nulls(json_agg(pgrst_t))` : 'json_agg(pgrst_t)';
  // count=estimated as PostgREST answers it: the planner's estimate above max-rows; below, an exact count
  // (bounded, in the page's own statement) — so no case costs more than the EXPLAIN and the page.
  const planned =
    req.prefs.count === 'planned' || req.prefs.count === 'estimated'
      ? await plannedCount(req.pool, fromWhere, params.values)
      : undefined;
  const estimatedOnly = req.prefs.count === 'estimated' && planned !== undefined && planned > ESTIMATED_COUNT_THRESHOLD;
  let countSql = '';
  if (req.prefs.count === 'exact')
    countSql = `, ${exactCountSql(req, params) ?? `(SELECT count(*) ${fromWhere})`} AS total`;
  if (req.prefs.count === 'estimated' && !estimatedOnly) {
    countSql = `, (SELECT count(*) FROM (SELECT 1 ${fromWhere} LIMIT ${ESTIMATED_COUNT_THRESHOLD + 1}) pgrst_c) AS total`;
  }
  const sql = req.accept.csv
    ? csvStatement(page, countSql)
    : `SELECT COALESCE(${body}, '[]')::text AS body, count(*)::int AS page_count${countSql} FROM (${page}) pgrst_t`;
  // A page repeats its text with new values (an RPC's arguments are parameters too): prepared.
  type Page = { body: string; page_count: number; total?: number };
  const result = req.reads
    ? await req.reads.query<Page>(sql, params.values)
    : await req.pool.query<Page>(sql, params.values);
  const row = result.rows[0];
  if (!row) throw new PgrstError(500, 'PGRSTX00', 'The read returned no result row');
  let total = row.total === undefined ? undefined : Number(row.total);
  if (req.prefs.count === 'planned' || estimatedOnly) total = planned;
  if (req.prefs.count === 'estimated' && total !== undefined && total > ESTIMATED_COUNT_THRESHOLD) {
    total = Math.max(total, planned ?? 0);
  }
  if (req.accept.single && row.page_count !== 1) throw singularityError(row.page_count);
  const status = rangeStatus(lower, row.page_count, total);
  if (status === 416 && total !== undefined) {
    const error = new PgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total} rows.`,
    );
    error.headers['Content-Range'] = `*/${total}`;
    throw error;
  }
  const headers: Record<string, string> = {
    'Content-Type': contentType(req.accept),
    'Content-Range': contentRange(lower, row.page_count, total),
  };
  if (req.prefs.count) headers['Preference-Applied'] = `count=${req.prefs.count}`;
  const text = req.accept.single ? unwrapSingle(row.body) : row.body;
  return { status: req.accept.single ? 200 : status, headers, body: req.head ? null : text };
}
