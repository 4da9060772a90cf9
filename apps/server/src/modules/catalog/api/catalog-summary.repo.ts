import type { Database } from '@mc/db';
import { type RawBuilder, sql } from 'kysely';
import { selectorSql, valueFilterSql } from './catalog-filters.repo.js';
import type { Requirement } from './selector.js';
import type { ValueFilter } from './value-filter.js';

/** One summary group as the database answers it: group keys g0…, counts and JSON maps. */
export interface SummaryGroupRow {
  g0: string | null;
  g1?: string | null;
  g2?: string | null;
  count: number;
  health: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  /** The group's summed cost over the asked window, when one was asked (null: no item has a cost). */
  cost?: string | null;
}

/** A summary's cost window: the last hour (cost per minute × 60), day or 30 days of the items' costs. */
export type SummaryCostRange = '1h' | '1d' | '30d';

const COST_SUM: Readonly<Record<SummaryCostRange, RawBuilder<unknown>>> = {
  '1h': sql`sum(i.cost_per_minute) * 60`,
  '1d': sql`sum(i.cost_total_1d)`,
  '30d': sql`sum(i.cost_total_30d)`,
};

/**
 * The summary by type from the maintained counters (migration 0067): a few hundred rows whatever the size
 * of the catalog. `sinceDay` is the first UTC day (YYYY-MM-DD) whose changes count.
 */
export async function summaryFromCounters(database: Database, sinceDay: string): Promise<SummaryGroupRow[]> {
  const { rows } = await sql<SummaryGroupRow>`
    WITH t AS (SELECT value AS type, count FROM catalog_option_counts WHERE facet = 'type' AND key = ''),
    h AS (SELECT key AS type, jsonb_object_agg(value, count) AS health FROM catalog_option_counts
          WHERE facet = 'type_health' AND value <> '' GROUP BY key),
    c AS (SELECT key AS type, sum(count) AS changes FROM catalog_option_counts
          WHERE facet = 'type_change_day' AND value >= ${sinceDay} GROUP BY key),
    a AS (SELECT key AS type, jsonb_object_agg(value, count) AS analysis FROM catalog_option_counts
          WHERE facet = 'type_analysis' GROUP BY key)
    SELECT t.type AS g0, t.count::int AS count, coalesce(h.health, '{}') AS health, coalesce(c.changes, 0)::int AS changes,
      coalesce(a.analysis, '{}') AS analysis
    FROM t LEFT JOIN h ON h.type = t.type LEFT JOIN c ON c.type = t.type LEFT JOIN a ON a.type = t.type
    ORDER BY t.type`.execute(database.db);
  return rows;
}

/** The filters of a summary over the items, parsed and checked. */
export interface SummaryFilter {
  /** Deleted items too. */
  deleted: boolean;
  type?: ValueFilter;
  status?: ValueFilter;
  health?: ValueFilter;
  labels?: readonly Requirement[];
  tags?: readonly Requirement[];
  /** A case-insensitive LIKE pattern on the name (already escaped and lower-cased). */
  nameLike?: string;
}

/** The filter's conditions on the item (`ci`). */
function conditions(f: SummaryFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (!f.deleted) where.push(sql`ci.deleted_at IS NULL`);
  if (f.type) where.push(...valueFilterSql(sql`ci.type`, f.type));
  if (f.status) where.push(...valueFilterSql(sql`ci.status`, f.status));
  if (f.health) where.push(...valueFilterSql(sql`ci.health`, f.health));
  if (f.labels) where.push(...selectorSql([sql`ci.labels`], f.labels));
  if (f.tags) where.push(...selectorSql([sql`ci.tags`], f.tags));
  if (f.nameLike !== undefined) where.push(sql`lower(ci.name) LIKE ${f.nameLike}`);
  return where;
}

/**
 * The summary computed from the items under filters: items grouped by `groupBy` (`type`, or a tag's
 * key), with their health counts, their changes since `since` and their open insights by analysis type
 * (only those last observed since `analysisSince` when given).
 * A group value that is missing (an item without the grouped tag) is answered as null. With `cost`, each
 * group also sums its items' cost over that window.
 */
export async function summaryFromItems(
  database: Database,
  groupBy: readonly string[],
  filter: SummaryFilter,
  since: Date,
  cost?: SummaryCostRange,
  analysisSince?: Date,
): Promise<SummaryGroupRow[]> {
  const groups = groupBy.map((key) => (key === 'type' ? sql`ci.type` : sql`ci.tags ->> ${key}`));
  const where = conditions(filter);
  const keys = groups.map((_, i) => sql.raw(`g${i}`));
  const keyList = sql.join(keys);
  const selectKeys = sql.join(groups.map((g, i) => sql`coalesce((${g})::text, '') AS ${sql.raw(`g${i}`)}`));
  const same = (a: string, b: string) =>
    sql.join(
      keys.map((k) => sql`${sql.raw(a)}.${k} = ${sql.raw(b)}.${k}`),
      sql` AND `,
    );
  const matching = where.length === 0 ? sql`true` : sql.join([...where], sql` AND `);
  const nullable = sql.join(keys.map((k) => sql`nullif(base.${k}, '') AS ${k}`));
  const costColumns = cost ? sql`ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_30d,` : sql``;
  const { rows } = await sql<SummaryGroupRow>`
    WITH items AS MATERIALIZED (SELECT ci.id, ci.health, ${costColumns} ${selectKeys} FROM config_items ci WHERE ${matching}),
    base AS (SELECT ${keyList}, count(*) AS count, ${cost ? COST_SUM[cost] : sql`NULL`} AS cost FROM items i GROUP BY ${keyList}),
    h AS (SELECT ${keyList}, jsonb_object_agg(health, n) AS health FROM (
            SELECT ${keyList}, health, count(*) AS n FROM items WHERE health IS NOT NULL GROUP BY ${keyList}, health) x
          GROUP BY ${keyList}),
    c AS (SELECT ${keyList}, count(*) AS changes FROM items i
          JOIN config_changes cc ON cc.config_id = i.id AND cc.created_at >= ${since.toISOString()}::timestamptz
          GROUP BY ${keyList}),
    a AS (SELECT ${keyList}, jsonb_object_agg(analysis_type, n) AS analysis FROM (
            SELECT ${keyList}, coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS n FROM items i
            JOIN config_analysis ca ON ca.config_id = i.id AND ca.status = 'open' ${
              analysisSince ? sql`AND ca.last_observed >= ${analysisSince.toISOString()}::timestamptz` : sql``
            }
            GROUP BY ${keyList}, coalesce(ca.analysis_type, 'other')) y
          GROUP BY ${keyList})
    SELECT ${nullable}, base.count::int AS count, coalesce(h.health, '{}') AS health,
      coalesce(c.changes, 0)::int AS changes, coalesce(a.analysis, '{}') AS analysis, base.cost::text AS cost
    FROM base LEFT JOIN h ON ${same('h', 'base')} LEFT JOIN c ON ${same('c', 'base')} LEFT JOIN a ON ${same('a', 'base')}
    ORDER BY ${sql.join(keys.map((k) => sql`base.${k}`))}`.execute(database.db);
  return rows;
}
