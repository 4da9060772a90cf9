/**
 * Reads of the topology tree: one recursive statement from the card level (the roots, or the children
 * of one component) down to the asked depth, filters applied at the card level (a filtered-out card
 * takes its subtree with it), hidden components left out unless asked; ancestors for breadcrumbs;
 * open incident and insight counts of the cards.
 */
import type { TopologyComponent } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';

type Db = Kysely<Tables>;

/** Filters of the card level. */
export interface CardFilters {
  statuses?: string[] | undefined;
  types?: string[] | undefined;
  owner?: string | undefined;
  team?: string | undefined;
  labels?: Record<string, string> | undefined;
}

/** A row of the tree read, with its level below the start (0 = the component asked for, or a root). */
export type TreeRow = TopologyComponent & { level: number };

function cardConditions(f: CardFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.statuses?.length) parts.push(sql`c.status = ANY(${f.statuses}::text[])`);
  if (f.types?.length) parts.push(sql`c.type = ANY(${f.types}::text[])`);
  if (f.owner) parts.push(sql`c.owner = ${f.owner}`);
  if (f.team) {
    parts.push(
      sql`c.owner IN (SELECT t.name FROM teams t WHERE t.deleted_at IS NULL AND (t.id::text = ${f.team} OR t.name = ${f.team}))`,
    );
  }
  if (f.labels && Object.keys(f.labels).length > 0) parts.push(sql`c.labels @> ${JSON.stringify(f.labels)}::jsonb`);
  return sql.join(parts, sql` AND `);
}

const COLUMNS = sql`c.id, c.topology_id, c.parent_id, c.name, c.text, c.type, c.icon, c.owner, c.labels, c.hidden,
  c.status, c.status_reason, c.description, c.properties, c.summary, c.config_id, c.path, c.created_at, c.updated_at`;

/**
 * The tree under `id` (or under the roots), `depth` levels below the start. The card level is the
 * start's children when `id` is given, else the roots themselves.
 */
export async function readTree(
  db: Db,
  options: {
    id?: string | undefined;
    topologyId?: string | undefined;
    depth: number;
    includeHidden: boolean;
    filters: CardFilters;
  },
): Promise<TreeRow[]> {
  const hidden = options.includeHidden ? sql`true` : sql`NOT c.hidden`;
  const cards = cardConditions(options.filters);
  const start = options.id
    ? sql`c.id = ${options.id}`
    : options.topologyId
      ? sql`c.parent_id IS NULL AND c.topology_id = ${options.topologyId} AND ${hidden} AND ${cards}`
      : sql`c.parent_id IS NULL AND ${hidden} AND ${cards}`;
  const cardLevel = options.id ? 0 : -1;
  const { rows } = await sql<TreeRow>`WITH RECURSIVE tree AS (
      SELECT ${COLUMNS}, 0 AS level FROM components c WHERE c.deleted_at IS NULL AND ${start}
      UNION ALL
      SELECT ${COLUMNS}, t.level + 1 FROM components c JOIN tree t ON c.parent_id = t.id
      WHERE c.deleted_at IS NULL AND t.level < ${options.depth} AND ${hidden}
        AND (t.level <> ${cardLevel} OR (${cards}))
    )
    SELECT * FROM tree ORDER BY level, name, id`.execute(db);
  return rows;
}

/** Ancestors of a component, root first. */
export async function readAncestors(
  db: Db,
  path: string | null,
): Promise<{ id: string; name: string; icon: string | null }[]> {
  const ids = (path ?? '').split('.').filter(Boolean);
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string; name: string; icon: string | null }>`SELECT id, name, icon FROM components
    WHERE id = ANY(${ids}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Open incidents and open insights per component. */
export async function readBadgeCounts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { incidents: number; insights: number }>> {
  const counts = new Map<string, { incidents: number; insights: number }>();
  if (ids.length === 0) return counts;
  const { rows } = await sql<{ component_id: string; incidents: number; insights: number }>`SELECT k.id AS component_id,
      (SELECT count(*)::int FROM incidents_by_component i WHERE i.component_id = k.id
        AND i.status NOT IN ('resolved', 'closed')) AS incidents,
      (SELECT count(*)::int FROM analysis_by_component a WHERE a.component_id = k.id
        AND coalesce(a.status, 'open') = 'open') AS insights
    FROM unnest(${[...ids]}::uuid[]) AS k(id)`.execute(db);
  for (const row of rows) counts.set(row.component_id, { incidents: row.incidents, insights: row.insights });
  return counts;
}
