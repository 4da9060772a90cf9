import type { CatalogChange } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A changes search reduced to SQL-ready values (the service parses and checks the request). */
export interface ChangesQuery {
  /** Only changes of these items (undefined: any item). */
  configIds?: readonly string[];
  where: RawBuilder<unknown>[];
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

function whereOf(q: ChangesQuery): RawBuilder<unknown> {
  const where = [...q.where];
  if (q.configIds) where.push(sql`cc.config_id = ANY(${q.configIds}::uuid[])`);
  return where.length === 0 ? sql`true` : sql.join(where, sql` AND `);
}

/**
 * One page of changes joined to their items, and the number of matching changes per change type (the
 * total is their sum). Both statements use the same conditions; the page is ordered with the id as
 * tie-breaker so pages never overlap.
 */
export async function searchChanges(
  database: Database,
  q: ChangesQuery,
): Promise<{ rows: CatalogChange[]; byType: { change_type: string | null; n: number }[] }> {
  const where = whereOf(q);
  const dir = q.descending ? sql`DESC` : sql`ASC`;
  const nulls = q.descending ? sql`NULLS LAST` : sql`NULLS FIRST`;
  const [page, byType] = await Promise.all([
    sql<CatalogChange>`SELECT cc.id, cc.config_id, ci.name, ci.type, ci.config_class, ci.tags, cc.change_type, cc.severity,
        cc.source, cc.summary, cc.count, ${iso(sql`cc.created_at`)} AS created_at,
        ${iso(sql`cc.first_observed`)} AS first_observed, cc.created_by, cc.external_created_by, ci.agent_id, ci.path,
        ${iso(sql`ci.deleted_at`)} AS deleted_at, ${iso(sql`cc.inserted_at`)} AS inserted_at
      FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
      WHERE ${where}
      ORDER BY ${ORDER_COLUMNS[q.orderBy]} ${dir} ${nulls}, cc.id ${dir}
      LIMIT ${q.limit} OFFSET ${q.offset}`.execute(database.db),
    sql<{ change_type: string | null; n: number }>`SELECT cc.change_type, count(*)::int AS n
      FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
      WHERE ${where} GROUP BY cc.change_type`.execute(database.db),
  ]);
  return { rows: page.rows, byType: byType.rows };
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
