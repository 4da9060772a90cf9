/**
 * SQL of the builder: a topology's live components, their upsert by stable external id, soft deletes,
 * component changes and the roll-up call. Everything runs on the caller's executor (the build's
 * transaction).
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** The columns the builder writes, as one component of a build wants them. */
export interface ComponentValues {
  external_id: string;
  name: string;
  /** The component's own namespace (null: its topology's). */
  namespace: string | null;
  type: string | null;
  icon: string | null;
  text: string | null;
  description: string | null;
  owner: string | null;
  labels: Record<string, string> | null;
  hidden: boolean;
  health: string | null;
  lifecycle: string | null;
  tooltip: string | null;
  properties: unknown[] | null;
  component_checks: unknown[] | null;
  configs: unknown[] | null;
  selectors: unknown[] | null;
  log_selectors: unknown[] | null;
  config_id: string | null;
  topology_type: string | null;
  is_leaf: boolean;
  /** CEL evaluated when the tree is read (status-expressions.ts). */
  status_expr: string | null;
  health_expr: string | null;
}

/** A live component as the builder compares it. */
export interface StoredComponent extends ComponentValues {
  id: string;
  parent_id: string | null;
  path: string | null;
}

/** Fields compared to decide whether a rebuilt component changed. */
export const COMPARED_FIELDS = [
  'name',
  'namespace',
  'type',
  'icon',
  'text',
  'description',
  'owner',
  'labels',
  'hidden',
  'health',
  'lifecycle',
  'tooltip',
  'properties',
  'component_checks',
  'configs',
  'selectors',
  'log_selectors',
  'config_id',
  'topology_type',
  'is_leaf',
  'status_expr',
  'health_expr',
] as const satisfies readonly (keyof ComponentValues)[];

type Db = Kysely<Tables>;
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The topology's live components. */
export async function liveComponents(db: Db, topologyId: string): Promise<StoredComponent[]> {
  const { rows } =
    await sql<StoredComponent>`SELECT id, parent_id, path, external_id, name, namespace, type, icon, text,
      description, owner, labels, hidden, health, lifecycle, tooltip, properties, component_checks, configs,
      selectors, log_selectors, config_id, topology_type, is_leaf, status_expr, health_expr
    FROM components WHERE topology_id = ${topologyId} AND deleted_at IS NULL`.execute(db);
  return rows;
}

/** Whether any component (of any topology, deleted or not) has this id. */
export async function componentIdTaken(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`SELECT EXISTS (SELECT 1 FROM components WHERE id = ${id}::uuid)
    AS taken`.execute(db);
  return rows[0]?.taken === true;
}

/** Inserts a component (with `id` when given, else a new one); returns its id. */
export async function insertComponent(
  db: Db,
  topologyId: string,
  parentId: string | null,
  path: string | null,
  v: ComponentValues,
  id: string | null = null,
): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO components (id, topology_id, parent_id, path, external_id, name,
      namespace, type, icon, text, description, owner, labels, hidden, health, lifecycle, tooltip, properties, component_checks,
      configs, selectors, log_selectors, config_id, topology_type, is_leaf, status_expr, health_expr)
    VALUES (coalesce(${id}::uuid, generate_ulid()), ${topologyId}, ${parentId}, ${path}, ${v.external_id}, ${v.name}, ${v.namespace}, ${v.type}, ${v.icon}, ${v.text},
      ${v.description}, ${v.owner}, ${json(v.labels)}::jsonb, ${v.hidden}, ${v.health}, ${v.lifecycle}, ${v.tooltip},
      ${json(v.properties)}::jsonb, ${json(v.component_checks)}::jsonb, ${json(v.configs)}::jsonb,
      ${json(v.selectors)}::jsonb, ${json(v.log_selectors)}::jsonb, ${v.config_id}, ${v.topology_type}, ${v.is_leaf},
      ${v.status_expr}, ${v.health_expr})
    RETURNING id`.execute(db);
  const inserted = rows[0]?.id;
  if (!inserted) throw new Error('component insert returned no id');
  return inserted;
}

/** Updates a component's built fields (its id, parent and path stay). */
export async function updateComponent(db: Db, id: string, v: ComponentValues): Promise<void> {
  await sql`UPDATE components SET name = ${v.name}, namespace = ${v.namespace}, type = ${v.type}, icon = ${v.icon}, text = ${v.text},
      description = ${v.description}, owner = ${v.owner}, labels = ${json(v.labels)}::jsonb, hidden = ${v.hidden},
      health = ${v.health}, lifecycle = ${v.lifecycle}, tooltip = ${v.tooltip},
      properties = ${json(v.properties)}::jsonb, component_checks = ${json(v.component_checks)}::jsonb,
      configs = ${json(v.configs)}::jsonb, selectors = ${json(v.selectors)}::jsonb,
      log_selectors = ${json(v.log_selectors)}::jsonb, config_id = ${v.config_id},
      topology_type = ${v.topology_type}, is_leaf = ${v.is_leaf},
      status_expr = ${v.status_expr}, health_expr = ${v.health_expr}
    WHERE id = ${id}`.execute(db);
}

/** Soft-deletes components and their check, config and component links. */
export async function softDeleteComponents(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}::uuid`));
  await sql`UPDATE check_component_relationships SET deleted_at = now()
    WHERE component_id IN (${list}) AND deleted_at IS NULL`.execute(db);
  await sql`UPDATE config_component_relationships SET deleted_at = now()
    WHERE component_id IN (${list}) AND deleted_at IS NULL`.execute(db);
  await sql`UPDATE component_relationships SET deleted_at = now()
    WHERE (component_id IN (${list}) OR relationship_id IN (${list})) AND deleted_at IS NULL`.execute(db);
  await sql`UPDATE components SET deleted_at = now() WHERE id IN (${list}) AND deleted_at IS NULL`.execute(db);
}

/** Soft-deletes every live component of a topology (the topology was deleted). */
export async function softDeleteTopologyComponents(db: Db, topologyId: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM components
    WHERE topology_id = ${topologyId} AND deleted_at IS NULL`.execute(db);
  await softDeleteComponents(
    db,
    rows.map((row) => row.id),
  );
}

/** One recorded change of a component. */
export interface ComponentChange {
  componentId: string;
  changeType: 'created' | 'updated' | 'deleted';
  summary: string;
  details?: Record<string, unknown>;
}

/** Records changes the builder made. */
export async function recordComponentChanges(db: Db, changes: readonly ComponentChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({ c: c.componentId, t: c.changeType, s: c.summary, d: c.details ?? null }));
  await sql`INSERT INTO component_changes (component_id, change_type, summary, details)
    SELECT c, t, s, d FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(c uuid, t text, s text, d jsonb)`.execute(
    db,
  );
}

/** Recomputes the status of every live component of the topology, deepest first (migration 0070). */
export async function rollupTopology(db: Db, topologyId: string): Promise<number> {
  const { rows } = await sql<{ changed: number }>`SELECT topology_rollup(${topologyId}) AS changed`.execute(db);
  return Number(rows[0]?.changed ?? 0);
}
