import type { CatalogChange } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type SeverityFilter, selectorSql, severitySql, valueFilterSql } from './catalog-filters.repo.js';
import type { Requirement } from './selector.js';
import type { ValueFilter } from './value-filter.js';

type Db = Kysely<Tables>;

/** The filters of a changes search, parsed and checked. */
export interface ChangesFilter {
  /** Changes after this time. */
  from?: Date;
  /** Changes at or before this time. */
  to?: Date;
  changeType?: ValueFilter;
  /** On the change's item. */
  configType?: ValueFilter;
  severity?: SeverityFilter;
  /** A selector over the item's tags and labels alike. */
  tags?: readonly Requirement[];
}

/** A changes search reduced to SQL-ready values (the service parses and checks the request). */
export interface ChangesQuery {
  /** Only changes of these items (undefined: any item). */
  configIds?: readonly string[];
  /** What the changes and their items must match. */
  filter: ChangesFilter;
  /** Changes of deleted items too. */
  includeDeleted: boolean;
  orderBy: 'name' | 'change_type' | 'summary' | 'source' | 'created_at' | 'count';
  descending: boolean;
  limit: number;
  offset: number;
}

const ORDER_COLUMNS: Readonly<Record<ChangesQuery['orderBy'], RawBuilder<unknown>>> = {
  name: sql`ci.name`,
  change_type: sql`cc.change_type`,
  summary: sql`cc.summary`,
  source: sql`cc.source`,
  created_at: sql`cc.created_at`,
  count: sql`cc.count`,
};

/** A timestamp as ISO 8601 text (the answer's JSON carries text, not the driver's Date). */
const iso = (column: RawBuilder<unknown>) => sql`to_json(${column}) #>> '{}'`;

const and = (where: readonly RawBuilder<unknown>[]) => (where.length === 0 ? sql`true` : sql.join(where, sql` AND `));

/**
 * The filter's conditions on the change (`cc.`: all of them in `where`; of its type and severity alone in
 * `kind`, which hold of the kept hourly counters as they do of the changes) and on its item (`ci.`: type,
 * tags and labels).
 */
function conditions(f: ChangesFilter): {
  where: RawBuilder<unknown>[];
  kind: RawBuilder<unknown>[];
  itemWhere: RawBuilder<unknown>[];
} {
  const time: RawBuilder<unknown>[] = [];
  const kind: RawBuilder<unknown>[] = [];
  const itemWhere: RawBuilder<unknown>[] = [];
  if (f.from) time.push(sql`cc.created_at > ${f.from.toISOString()}::timestamptz`);
  if (f.to) time.push(sql`cc.created_at <= ${f.to.toISOString()}::timestamptz`);
  if (f.changeType) kind.push(...valueFilterSql(sql`cc.change_type`, f.changeType));
  if (f.configType) itemWhere.push(...valueFilterSql(sql`ci.type`, f.configType));
  if (f.severity) kind.push(severitySql(f.severity));
  if (f.tags) itemWhere.push(...selectorSql([sql`ci.tags`, sql`ci.labels`], f.tags));
  return { where: [...time, ...kind], kind, itemWhere };
}

type Conditions = ReturnType<typeof conditions>;

/**
 * The conditions on the changes alone. Without item conditions a change's item is only asked whether it is
 * deleted — an anti-join against the (few) deleted items, served by their partial index (migration 0082) —
 * instead of a lookup of the item of every matching change.
 */
function changeWhere(q: ChangesQuery, c: Conditions): RawBuilder<unknown> {
  const where = [...c.where];
  if (q.configIds) where.push(sql`cc.config_id = ANY(${q.configIds}::uuid[])`);
  if (!q.includeDeleted && c.itemWhere.length === 0)
    where.push(sql`NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = cc.config_id AND d.deleted_at IS NOT NULL)`);
  return and(where);
}

/** The conditions on the joined item (`ci`), when there are any. */
function itemWhere(q: ChangesQuery, c: Conditions): RawBuilder<unknown> | undefined {
  if (c.itemWhere.length === 0) return undefined;
  return and(q.includeDeleted ? c.itemWhere : [...c.itemWhere, sql`ci.deleted_at IS NULL`]);
}

const PAGE_COLUMNS = sql`cc.id, cc.config_id, ci.name, ci.type, ci.config_class, ci.tags, cc.change_type, cc.severity,
  cc.source, cc.summary, cc.count, ${iso(sql`cc.created_at`)} AS created_at,
  ${iso(sql`cc.first_observed`)} AS first_observed, cc.created_by, cc.external_created_by, ci.agent_id, ci.path,
  ${iso(sql`ci.deleted_at`)} AS deleted_at, ${iso(sql`cc.inserted_at`)} AS inserted_at`;

/**
 * One page of changes joined to their items, and the number of matching changes per change type (the
 * total is their sum). Both statements use the same conditions; the page is ordered with the id as
 * tie-breaker so pages never overlap. When nothing asks about the item but whether it is deleted (and the
 * page is not sorted by its name), the changes are paged first and only the page's items are read.
 */
export async function searchChanges(
  database: Database,
  q: ChangesQuery,
): Promise<{ rows: CatalogChange[]; byType: { change_type: string | null; n: number }[] }> {
  const filter = conditions(q.filter);
  const changes = changeWhere(q, filter);
  const items = itemWhere(q, filter);
  const dir = q.descending ? sql`DESC` : sql`ASC`;
  // created_at and count are NOT NULL: PostgreSQL's default null order then matches the created_at
  // indexes, so a page newest first walks an index and stops after the page instead of sorting the window
  const nulls =
    q.orderBy === 'created_at' || q.orderBy === 'count' ? sql`` : q.descending ? sql`NULLS LAST` : sql`NULLS FIRST`;
  const order = sql`${ORDER_COLUMNS[q.orderBy]} ${dir} ${nulls}, cc.id ${dir}`;
  const window = sql`LIMIT ${q.limit} OFFSET ${q.offset}`;
  const page =
    items || q.orderBy === 'name'
      ? sql<CatalogChange>`SELECT ${PAGE_COLUMNS}
          FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
          WHERE ${changes} AND ${items ?? sql`true`}
          ORDER BY ${order} ${window}`
      : sql<CatalogChange>`SELECT ${PAGE_COLUMNS}
          FROM (SELECT * FROM config_changes cc WHERE ${changes} ORDER BY ${order} ${window}) cc
          JOIN config_items ci ON ci.id = cc.config_id
          ORDER BY ${order}`;
  const count = items
    ? sql<{ change_type: string | null; n: number }>`SELECT cc.change_type, count(*)::int AS n
        FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
        WHERE ${changes} AND ${items} GROUP BY cc.change_type`
    : q.configIds
      ? sql<{ change_type: string | null; n: number }>`SELECT cc.change_type, count(*)::int AS n
          FROM config_changes cc WHERE ${changes} GROUP BY cc.change_type`
      : countFromHours(q, filter);
  const [rows, byType] = await Promise.all([page.execute(database.db), count.execute(database.db)]);
  return { rows: rows.rows, byType: byType.rows };
}

const HOUR_MS = 3_600_000;

/**
 * The count per change type of a search that asks nothing of the items but whether they are deleted, with
 * the kept hourly counters (migration 0246): the whole UTC hours of the window summed from them, the
 * partial hours at its ends (before the first whole hour and from the last whole hour's end) counted from
 * the changes, less the changes of deleted items in the window unless they are asked for. A window within
 * two hours is counted from the changes alone. The counters keep a missing type or severity as '', of
 * which every condition holds as of NULL (a filter's values are never blank: `= v` and `= ANY` are false,
 * the negations true), so the conditions apply to the counters' columns as they are and their primary key
 * serves them; only the answer's type is read back as NULL.
 */
function countFromHours(q: ChangesQuery, c: Conditions): RawBuilder<{ change_type: string | null; n: number }> {
  const { from, to } = q.filter;
  // counters of the hours starting at or after `lo` and before `hi`; the changes outside [lo, hi)
  const lo = from ? new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS) : undefined;
  const hi = to ? new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS) : undefined;
  const live = (range: RawBuilder<unknown>[]) =>
    sql`SELECT cc.change_type, count(*) AS n FROM config_changes cc WHERE ${and([...c.where, ...range])} GROUP BY 1`;
  const parts: RawBuilder<unknown>[] = [];
  if (lo && hi && lo >= hi) parts.push(live([]));
  else {
    const hours: RawBuilder<unknown>[] = [];
    if (lo) {
      hours.push(sql`cc.hour >= ${lo.toISOString()}::timestamptz`);
      parts.push(live([sql`cc.created_at < ${lo.toISOString()}::timestamptz`]));
    }
    if (hi) {
      hours.push(sql`cc.hour < ${hi.toISOString()}::timestamptz`);
      parts.push(live([sql`cc.created_at >= ${hi.toISOString()}::timestamptz`]));
    }
    parts.push(sql`SELECT nullif(cc.change_type, '') AS change_type, sum(cc.count) AS n FROM config_change_hours cc
      WHERE ${and([...hours, ...c.kind])} GROUP BY 1`);
  }
  if (!q.includeDeleted)
    parts.push(sql`SELECT cc.change_type, -count(*) AS n FROM config_items d JOIN config_changes cc ON cc.config_id = d.id
      WHERE d.deleted_at IS NOT NULL AND ${and(c.where)} GROUP BY 1`);
  return sql`SELECT t.change_type, sum(t.n)::int AS n FROM (${sql.join(parts, sql` UNION ALL `)}) t
    GROUP BY t.change_type HAVING sum(t.n) > 0`;
}

/**
 * The item and the items related to it within `depth` steps (config_related_ids, migration 0066), in the
 * directions a recursive search asks for.
 */
export async function relatedConfigIds(
  db: Db,
  id: string,
  directions: readonly ('outgoing' | 'incoming')[],
  depth: number,
  relation: 'both' | 'hard',
  includeDeleted: boolean,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT ${id}::uuid AS id
    UNION SELECT r.id FROM unnest(${directions}::text[]) d (direction)
    CROSS JOIN LATERAL config_related_ids(${id}::uuid, d.direction, ${depth}::int, ${relation}, ${includeDeleted}) r`.execute(
    db,
  );
  return rows.map((r) => r.id);
}
