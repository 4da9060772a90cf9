import { DATA_API_MAX_ROWS } from '@mc/contracts';
import type pg from 'pg';
import type { RowScope } from '../../platform/access.js';
import { PgrstError, singularityError } from './pgrst-error.js';
import type { ParsedQuery } from './query-types.js';
import { type BuildContext, type LevelPlan, planLevel, rowScopeSql, whereSql } from './read-builder.js';
import type { AcceptChoice, Preferences, RangeHeader } from './request-options.js';
import { contentRange, contentType, type RestResponse, rangeStatus, unwrapSingle } from './rest-response.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';
import { ident, SqlParams, tableRef } from './sql-text.js';

/**
 * Above this many rows `count=estimated` answers the planner's estimate instead of counting, as
 * PostgREST does with its max-rows setting.
 */
export const ESTIMATED_COUNT_THRESHOLD = DATA_API_MAX_ROWS;

/** Everything a read needs. */
export interface ReadRequest {
  pool: pg.Pool;
  cache: SchemaCache;
  table: TableInfo;
  query: ParsedQuery;
  prefs: Preferences;
  accept: AcceptChoice;
  range?: RangeHeader;
  rowScopes?: readonly RowScope[];
  head: boolean;
  /** RPC: the function call to read from instead of the table, with its arguments already in `params`. */
  source?: { sql: string; params: SqlParams };
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

/** Plans the root level of a read of `table`, with the policy's row scope added to its WHERE. */
export function planRoot(
  cache: SchemaCache,
  table: TableInfo,
  query: ParsedQuery,
  params: SqlParams,
  rowScopes?: readonly RowScope[],
): LevelPlan {
  const ctx: BuildContext = { cache, query, params, nextAlias: 0 };
  const alias = 'pgrst_0';
  const plan = planLevel(ctx, table, alias, '', query.select, []);
  if (rowScopes) plan.where.push(rowScopeSql(table, alias, rowScopes, params));
  return plan;
}

async function plannedCount(pool: pg.Pool, fromWhere: string, values: readonly unknown[]): Promise<number> {
  const statement = extractStatement(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, values);
  const result = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    statement.text,
    statement.values,
  );
  return Math.round(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/**
 * `count=estimated` as PostgREST answers it: the planner's estimate when it exceeds the max-rows threshold,
 * otherwise an exact count (bounded, and replaced by the estimate if the planner was far too low). The
 * EXPLAIN runs beside the page query, so the common large case costs no extra round trip.
 */
async function estimatedCount(pool: pg.Pool, fromWhere: string, values: readonly unknown[]): Promise<number> {
  const planned = await plannedCount(pool, fromWhere, values);
  if (planned > ESTIMATED_COUNT_THRESHOLD) return planned;
  const statement = extractStatement(
    `SELECT count(*)::int AS total FROM (SELECT 1 ${fromWhere} LIMIT ${ESTIMATED_COUNT_THRESHOLD + 1}) pgrst_c`,
    values,
  );
  const counted = (await pool.query<{ total: number }>(statement.text, statement.values)).rows[0]?.total ?? 0;
  return counted > ESTIMATED_COUNT_THRESHOLD ? Math.max(counted, planned) : counted;
}

/** Runs a GET/HEAD on a table: one statement builds the JSON page (and exact count) in PostgreSQL. */
export async function runRead(req: ReadRequest): Promise<RestResponse> {
  const params = req.source?.params ?? new SqlParams();
  const plan = planRoot(req.cache, req.table, req.query, params, req.rowScopes);
  const { lower, limit } = pageWindow(req.query, req.range);
  const fromWhere = `FROM ${req.source?.sql ?? tableRef(req.table)} AS ${ident(plan.alias)}${whereSql(plan.where)}`;
  const page = `SELECT ${plan.selectList} ${fromWhere}${plan.orderBy} LIMIT ${params.add(limit)} OFFSET ${params.add(lower)}`;
  const body = req.accept.stripNulls ? `json_strip_nulls(json_agg(pgrst_t))` : 'json_agg(pgrst_t)';
  const countSql = req.prefs.count === 'exact' ? `, (SELECT count(*) ${fromWhere}) AS total` : '';
  const sql = `SELECT COALESCE(${body}, '[]')::text AS body, count(*)::int AS page_count${countSql} FROM (${page}) pgrst_t`;
  const [result, separateTotal] = await Promise.all([
    req.pool.query<{ body: string; page_count: number; total?: number }>(sql, params.values),
    req.prefs.count === 'planned'
      ? plannedCount(req.pool, fromWhere, params.values)
      : req.prefs.count === 'estimated'
        ? estimatedCount(req.pool, fromWhere, params.values)
        : undefined,
  ]);
  const row = result.rows[0];
  if (!row) throw new PgrstError(500, 'PGRSTX00', 'The read returned no result row');
  const total = separateTotal ?? (row.total === undefined ? undefined : Number(row.total));
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
