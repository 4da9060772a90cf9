/**
 * Reads of the topology tree: one recursive statement from the card level (the roots, or the children
 * of one component) down to the asked depth, filters applied at the card level (a filtered-out card
 * takes its subtree with it), hidden components left out unless asked; ancestors for breadcrumbs;
 * open incident and insight counts of the cards.
 */
import type { TopologyComponent } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type ComponentVisibility, EVERY_COMPONENT, isRestricted } from './component-visibility.js';
import { cardRootSql, visibleSql } from './component-visibility.repo.js';

type Db = Kysely<Tables>;

/** Filters of the card level. */
export interface CardFilters {
  statuses?: string[] | undefined;
  types?: string[] | undefined;
  owner?: string | undefined;
  team?: string | undefined;
  labels?: Record<string, string> | undefined;
}

/**
 * A row of the tree read, with its level below the start (0 = the component asked for, or a root) and,
 * on the card level and above, its open incident and insight counts (null below).
 */
export type TreeRow = TopologyComponent & {
  level: number;
  /** The spec's statusExpr and healthExpr, applied when the tree is answered (status-expressions.ts). */
  status_expr: string | null;
  health_expr: string | null;
  badge_incidents: number | null;
  badge_insights: number | null;
};

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
  c.status, c.status_reason, c.description, c.properties, c.summary, c.config_id, c.path, c.created_at, c.updated_at,
  c.status_expr, c.health_expr`;

/**
 * Open incidents with evidence on card `t` — what `incidents_by_component` counts, written against the
 * tables so each card costs three index lookups whatever the planner's statistics say (through the view,
 * a fresh 50,000-component tree got hash joins over every component per card: bench/topology).
 */
const OPEN_INCIDENTS = sql`SELECT count(DISTINCT i.id)::int FROM evidences e
  JOIN hypotheses h ON h.id = e.hypothesis_id AND h.deleted_at IS NULL
  JOIN incidents i ON i.id = h.incident_id AND i.deleted_at IS NULL
  WHERE e.component_id = t.id AND e.deleted_at IS NULL AND i.status NOT IN ('resolved', 'closed')`;

/**
 * Open insights of card `t`'s configuration items (linked, or the item a lookup built it from) — what
 * `analysis_by_component` counts, without joining the component again (the card is at hand).
 */
const OPEN_INSIGHTS = sql`SELECT count(*)::int FROM config_analysis a
  JOIN config_items ci ON ci.id = a.config_id AND ci.deleted_at IS NULL
  WHERE coalesce(a.status, 'open') = 'open' AND a.config_id IN (
    SELECT r.config_id FROM config_component_relationships r WHERE r.component_id = t.id AND r.deleted_at IS NULL
    UNION ALL SELECT t.config_id)`;

/**
 * The tree under `id` (or under the roots), `depth` levels below the start. The card level is the
 * start's children when `id` is given, else the roots themselves — for a caller granted only some
 * subtrees, the tops of those. Components the caller may not read are left out with their subtrees.
 * The card level's open incident and insight badges come in the same statement (one round trip for
 * the dashboard; bench/topology).
 */
export async function readTree(
  db: Db,
  options: {
    id?: string | undefined;
    topologyId?: string | undefined;
    depth: number;
    includeHidden: boolean;
    filters: CardFilters;
    visibility?: ComponentVisibility;
  },
): Promise<TreeRow[]> {
  const visibility = options.visibility ?? EVERY_COMPONENT;
  const hidden = options.includeHidden ? sql`true` : sql`NOT c.hidden`;
  const cards = cardConditions(options.filters);
  const restricted = isRestricted(visibility);
  const roots = restricted ? cardRootSql(visibility) : sql`c.parent_id IS NULL`;
  const start = options.id
    ? sql`c.id = ${options.id} AND ${restricted ? visibleSql(visibility) : sql`true`}`
    : options.topologyId
      ? sql`${roots} AND c.topology_id = ${options.topologyId} AND ${hidden} AND ${cards}`
      : sql`${roots} AND ${hidden} AND ${cards}`;
  // Below a visible component only deny rows can hide anything (a grant covers the whole subtree).
  const below = visibility.denied.length > 0 ? visibleSql({ denied: visibility.denied }) : sql`true`;
  const cardLevel = options.id ? 0 : -1;
  const badgeLevel = options.id ? 1 : 0;
  const { rows } = await sql<TreeRow>`WITH RECURSIVE tree AS (
      SELECT ${COLUMNS}, 0 AS level FROM components c WHERE c.deleted_at IS NULL AND ${start}
      UNION ALL
      SELECT ${COLUMNS}, t.level + 1 FROM components c JOIN tree t ON c.parent_id = t.id
      WHERE c.deleted_at IS NULL AND t.level < ${options.depth} AND ${hidden} AND ${below}
        AND (t.level <> ${cardLevel} OR (${cards}))
    )
    SELECT t.*,
      CASE WHEN t.level <= ${badgeLevel} THEN (${OPEN_INCIDENTS}) END AS badge_incidents,
      CASE WHEN t.level <= ${badgeLevel} THEN (${OPEN_INSIGHTS}) END AS badge_insights
    FROM tree t ORDER BY t.level, t.name, t.id`.execute(db);
  return rows;
}

/**
 * Ancestors of component `id` the caller may read, root first — read from the component's stored path,
 * so it runs beside the tree read instead of after it.
 */
export async function readAncestors(
  db: Db,
  id: string,
  visibility: ComponentVisibility = EVERY_COMPONENT,
): Promise<{ id: string; name: string; icon: string | null }[]> {
  const { rows } = await sql<{ id: string; name: string; icon: string | null }>`SELECT a.id, a.name, a.icon
    FROM (SELECT string_to_array(c.path, '.') AS ids FROM components c WHERE c.id = ${id} AND c.deleted_at IS NULL) p
    JOIN components a ON a.id = ANY(p.ids::uuid[])
    WHERE ${visibleSql(visibility, 'a')}
    ORDER BY array_position(p.ids, a.id::text)`.execute(db);
  return rows;
}

/** A child some callers may not read: its parent, name and status, and whether this caller may. */
export interface ChildVisibility {
  parent_id: string;
  name: string;
  status: string;
  visible: boolean;
}

/** The live children of `ids` with whether the caller may read each (for counts without hidden ones). */
export async function readChildVisibility(
  db: Db,
  ids: readonly string[],
  visibility: ComponentVisibility,
): Promise<ChildVisibility[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ChildVisibility>`SELECT c.parent_id, c.name, c.status, ${visibleSql(visibility)} AS visible
    FROM components c WHERE c.parent_id = ANY(${[...ids]}::uuid[]) AND c.deleted_at IS NULL`.execute(db);
  return rows;
}

/**
 * Of `ids`, those whose status reason leads through a component the caller may not read: the reason of
 * a parent is `<child>: <child's reason>`, so the chain is followed child by child while it stays visible.
 */
export async function readReasonsThroughHidden(
  db: Db,
  ids: readonly string[],
  visibility: ComponentVisibility,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ start: string }>`WITH RECURSIVE walk AS (
      SELECT r.id AS start, r.id, r.status_reason AS reason, true AS visible, 0 AS depth
      FROM components r WHERE r.id = ANY(${[...ids]}::uuid[]) AND r.status_reason IS NOT NULL
      UNION ALL
      SELECT w.start, c.id, c.status_reason, ${visibleSql(visibility)}, w.depth + 1
      FROM walk w JOIN components c ON c.parent_id = w.id AND c.deleted_at IS NULL
        AND starts_with(w.reason, c.name || ': ')
      WHERE w.visible AND w.depth < 64
    )
    SELECT DISTINCT start FROM walk WHERE NOT visible`.execute(db);
  return new Set(rows.map((row) => row.start));
}
