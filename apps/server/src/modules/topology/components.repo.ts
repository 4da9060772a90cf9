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
  log_selectors: unknown[] | null;
  config_id: string | null;
  topology_type: string | null;
  is_leaf: boolean;
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
  'log_selectors',
  'config_id',
  'topology_type',
  'is_leaf',
] as const satisfies readonly (keyof ComponentValues)[];

type Db = Kysely<Tables>;
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The topology's live components. */
export async function liveComponents(db: Db, topologyId: string): Promise<StoredComponent[]> {
  const { rows } = await sql<StoredComponent>`SELECT id, parent_id, path, external_id, name, type, icon, text,
      description, owner, labels, hidden, health, lifecycle, tooltip, properties, component_checks, configs,
      log_selectors, config_id, topology_type, is_leaf
    FROM components WHERE topology_id = ${topologyId} AND deleted_at IS NULL`.execute(db);
  return rows;
}

/** Inserts a component; returns its id. */
export async function insertComponent(
  db: Db,
  topologyId: string,
  parentId: string | null,
  path: string | null,
  v: ComponentValues,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO components (topology_id, parent_id, path, external_id, name,
      type, icon, text, description, owner, labels, hidden, health, lifecycle, tooltip, properties, component_checks,
      configs, log_selectors, config_id, topology_type, is_leaf)
    VALUES (${topologyId}, ${parentId}, ${path}, ${v.external_id}, ${v.name}, ${v.type}, ${v.icon}, ${v.text},
      ${v.description}, ${v.owner}, ${json(v.labels)}::jsonb, ${v.hidden}, ${v.health}, ${v.lifecycle}, ${v.tooltip},
      ${json(v.properties)}::jsonb, ${json(v.component_checks)}::jsonb, ${json(v.configs)}::jsonb,
      ${json(v.log_selectors)}::jsonb, ${v.config_id}, ${v.topology_type}, ${v.is_leaf})
    RETURNING id`.execute(db);
  const id = rows[0]?.id;
  if (!id) throw new Error('component insert returned no id');
  return id;
}

/** Updates a component's built fields (its id, parent and path stay). */
export async function updateComponent(db: Db, id: string, v: ComponentValues): Promise<void> {
  await sql`UPDATE components SET name = ${v.name}, type = ${v.type}, icon = ${v.icon}, text = ${v.text},
      description = ${v.description}, owner = ${v.owner}, labels = ${json(v.labels)}::jsonb, hidden = ${v.hidden},
      health = ${v.health}, lifecycle = ${v.lifecycle}, tooltip = ${v.tooltip},
      properties = ${json(v.properties)}::jsonb, component_checks = ${json(v.component_checks)}::jsonb,
      configs = ${json(v.configs)}::jsonb, log_selectors = ${json(v.log_selectors)}::jsonb, config_id = ${v.config_id},
      topology_type = ${v.topology_type}, is_leaf = ${v.is_leaf}
    WHERE id = ${id}`.execute(db);
}

/** Soft-deletes components and their check and config links. */
export async function softDeleteComponents(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}::uuid`));
  await sql`UPDATE check_component_relationships SET deleted_at = now()
    WHERE component_id IN (${list}) AND deleted_at IS NULL`.execute(db);
  await sql`UPDATE config_component_relationships SET deleted_at = now()
    WHERE component_id IN (${list}) AND deleted_at IS NULL`.execute(db);
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
