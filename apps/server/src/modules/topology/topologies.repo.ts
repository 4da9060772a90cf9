/**
 * Reads and writes of the `topologies` rows themselves (their components are components.repo.ts's,
 * their links links.repo.ts's): the row a build reads, the build's lock, Run Now's existence check,
 * the system topology's insert, and the canaries a topology's inline checks made.
 */
import type { TopologySpec } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A topology as its build reads it. */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: unknown;
  /** Who last saved it (null: the system): its lookups' connections are resolved with their rights. */
  saved_by: string | null;
}

/** A live topology by id. */
export async function findTopology(db: Db, id: string): Promise<TopologyRow | undefined> {
  const { rows } = await sql<TopologyRow>`SELECT id, name, namespace, labels, spec, saved_by FROM topologies
      WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** True when a live topology has this id. */
export async function topologyExists(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM topologies WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows.length > 0;
}

/** Locks the topology's row until the transaction ends: one build of a topology at a time across replicas. */
export async function lockTopology(trx: Db, id: string): Promise<void> {
  await sql`SELECT 1 FROM topologies WHERE id = ${id} FOR UPDATE`.execute(trx);
}

/** True when a system topology of this name exists, live or deleted. */
export async function systemTopologyExists(database: Database, name: string): Promise<boolean> {
  const { rows } = await database.pool.query("SELECT 1 FROM topologies WHERE name = $1 AND source = 'System' LIMIT 1", [
    name,
  ]);
  return rows.length > 0;
}

/** The database server's version, as the system topology shows it. */
export async function serverVersion(database: Database): Promise<string | undefined> {
  const version = await database.pool.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return version.rows[0]?.v;
}

/** Stores a topology of source System in namespace default; its id. */
export async function insertSystemTopology(
  trx: Db,
  name: string,
  labels: Record<string, string>,
  spec: TopologySpec,
): Promise<string | undefined> {
  const inserted = await sql<{
    id: string;
  }>`INSERT INTO topologies (name, namespace, labels, source, spec, schedule)
        VALUES (${name}, 'default', ${JSON.stringify(labels)}::jsonb, 'System',
          ${JSON.stringify(spec)}::jsonb, ${spec.schedule ?? null})
        RETURNING id`.execute(trx);
  return inserted.rows[0]?.id;
}

/** The live System canaries whose label `label` names the topology (its inline checks' canaries). */
export async function inlineCanaryIds(db: Db, label: string, topologyId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM canaries WHERE source = 'System' AND deleted_at IS NULL
    AND labels ->> ${label} = ${topologyId}`.execute(db);
  return rows.map((row) => row.id);
}
