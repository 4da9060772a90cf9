/**
 * SQL of canaries and their checks. Every function takes the executor (the pool's Kysely or a
 * transaction) so the service can keep a canary, its checks and its schedule in one transaction.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type { CanaryCheckEntry } from './canary-schema.js';

/** A canaries row as the API returns it. */
export interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  spec: Record<string, unknown>;
  schedule: string | null;
  source: string | null;
  agent_id: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The canary fields a write sets. */
export interface CanaryWrite {
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  spec: Record<string, unknown>;
  schedule: string;
  source: string;
  createdBy: string | null;
  /** The agent that runs it; undefined keeps the current one (the local agent on insert). */
  agentId?: string | undefined;
}

type Db = Kysely<Tables>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Canaries, live ones only unless asked otherwise. */
export async function listCanaries(db: Db): Promise<CanaryRow[]> {
  const { rows } =
    await sql<CanaryRow>`SELECT * FROM canaries WHERE deleted_at IS NULL ORDER BY namespace, name`.execute(db);
  return rows;
}

/** One live canary, or undefined. */
export async function findCanary(db: Db, id: string): Promise<CanaryRow | undefined> {
  const { rows } = await sql<CanaryRow>`SELECT * FROM canaries WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Whether a live canary of that id exists. */
export async function canaryIsLive(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM canaries WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows.length > 0;
}

/** Whether a canary of that name in source System exists, live or deleted. */
export async function systemCanaryExists(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM canaries WHERE name = ${name} AND source = 'System' LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** Stores the schedule text a canary's spec names. */
export async function setCanarySchedule(db: Db, id: string, schedule: string): Promise<void> {
  await sql`UPDATE canaries SET schedule = ${schedule} WHERE id = ${id}`.execute(db);
}

/** One live canary by name and namespace in a source, or undefined. */
export async function findCanaryByName(
  db: Db,
  name: string,
  namespace: string,
  source: string,
): Promise<CanaryRow | undefined> {
  const { rows } = await sql<CanaryRow>`SELECT * FROM canaries
    WHERE name = ${name} AND namespace = ${namespace} AND source = ${source} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Inserts a canary; undefined when a live canary of that name, namespace and source exists. */
export async function insertCanary(db: Db, write: CanaryWrite): Promise<CanaryRow | undefined> {
  const { rows } = await sql<CanaryRow>`INSERT INTO canaries
      (name, namespace, labels, annotations, spec, schedule, source, created_by, agent_id)
    VALUES (${write.name}, ${write.namespace}, ${json(write.labels)}::jsonb, ${json(write.annotations)}::jsonb,
      ${json(write.spec)}::jsonb, ${write.schedule}, ${write.source}, ${write.createdBy},
      coalesce(${write.agentId ?? null}::uuid, '00000000-0000-0000-0000-000000000000'))
    ON CONFLICT DO NOTHING RETURNING *`.execute(db);
  return rows[0];
}

/** Replaces a canary's document fields. */
export async function updateCanary(db: Db, id: string, write: CanaryWrite): Promise<CanaryRow | undefined> {
  const { rows } = await sql<CanaryRow>`UPDATE canaries SET name = ${write.name}, namespace = ${write.namespace},
      labels = ${json(write.labels)}::jsonb, annotations = ${json(write.annotations)}::jsonb,
      spec = ${json(write.spec)}::jsonb, schedule = ${write.schedule},
      agent_id = coalesce(${write.agentId ?? null}::uuid, agent_id)
    WHERE id = ${id} AND deleted_at IS NULL RETURNING *`.execute(db);
  return rows[0];
}

/** Soft-deletes a canary and its checks. */
export async function softDeleteCanary(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql`UPDATE canaries SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL
    RETURNING id`.execute(db);
  await sql`UPDATE checks SET deleted_at = now() WHERE canary_id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows.length > 0;
}

function endpointOf(spec: Record<string, unknown>): string | null {
  for (const key of ['endpoint', 'url', 'query', 'host']) {
    const value = spec[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * Makes the canary's checks match its entries: upserts one row per entry (unique per canary, type and
 * name; a soft-deleted row comes back, a transformed one becomes the entry's), and soft-deletes the rows
 * of entries that are gone and the transformed checks of those.
 */
export async function syncChecks(
  db: Db,
  canary: { id: string; namespace: string; severity?: string | undefined; owner?: string | undefined },
  entries: (Omit<CanaryCheckEntry, 'type'> & { type: string })[],
): Promise<string[]> {
  // A check belongs to the canary's agent: a canary moved to another agent takes its checks along, so the
  // upsert below finds them instead of adding copies under the old agent.
  await sql`UPDATE checks k SET agent_id = c.agent_id FROM canaries c
    WHERE c.id = ${canary.id} AND k.canary_id = c.id AND k.agent_id <> c.agent_id
      AND NOT EXISTS (SELECT 1 FROM checks o WHERE o.canary_id = c.id AND o.type = k.type AND o.name = k.name
        AND o.agent_id = c.agent_id)`.execute(db);
  const ids: string[] = [];
  for (const entry of entries) {
    const s = entry.spec;
    const str = (key: string) => (typeof s[key] === 'string' ? String(s[key]) : null);
    const { rows } = await sql<{ id: string }>`INSERT INTO checks
        (canary_id, type, name, namespace, description, endpoint, icon, spec, labels, owner, severity, agent_id)
      VALUES (${canary.id}, ${entry.type}, ${entry.name}, ${str('namespace') ?? canary.namespace}, ${str('description')},
        ${endpointOf(s)}, ${str('icon')}, ${json(s)}::jsonb, ${json(s.labels ?? null)}::jsonb,
        ${canary.owner ?? null}, ${canary.severity ?? null}, (SELECT agent_id FROM canaries WHERE id = ${canary.id}))
      ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET namespace = EXCLUDED.namespace,
        description = EXCLUDED.description, endpoint = EXCLUDED.endpoint, icon = EXCLUDED.icon, spec = EXCLUDED.spec,
        labels = EXCLUDED.labels, owner = EXCLUDED.owner, severity = EXCLUDED.severity, deleted_at = NULL,
        transformed = false
      RETURNING id`.execute(db);
    if (rows[0]) ids.push(rows[0].id);
  }
  // A transformed check (runner/transformed-checks.ts) stays while the check whose transform made it does.
  await sql`UPDATE checks SET deleted_at = now()
    WHERE canary_id = ${canary.id} AND deleted_at IS NULL AND NOT coalesce(CASE WHEN transformed
      THEN spec ->> 'transformedFrom' = ANY(${ids}::text[]) ELSE id = ANY(${ids}::uuid[]) END, false)`.execute(db);
  return ids;
}
