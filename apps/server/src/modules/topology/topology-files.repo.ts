/**
 * The SQL of the topologies folder (topology-dir.ts): the `ConfigFile` topologies it owns, and how a
 * document is inserted, updated and soft-deleted (the folder keeps each one's schedule beside it).
 */
import type { TopologyDocument } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';

type Db = Database['db'];

/** A topology the folder owns, as stored. */
export interface FileTopology {
  id: string;
  name: string;
  namespace: string;
  labels: unknown;
  spec: unknown;
}

/** The source of the live topology of that name, or undefined when there is none. */
export async function topologySourceOf(db: Db, name: string, namespace: string): Promise<string | null | undefined> {
  const { rows } = await sql<{ source: string | null }>`SELECT source FROM topologies
    WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL LIMIT 1`.execute(db);
  return rows[0] ? rows[0].source : undefined;
}

/** Stores a folder's document as a new `ConfigFile` topology; returns its id. */
export async function insertFileTopology(db: Db, doc: TopologyDocument): Promise<string> {
  const { name, namespace } = doc.metadata;
  const { rows } = await sql<{ id: string }>`INSERT INTO topologies (name, namespace, labels, source, spec, schedule)
    VALUES (${name}, ${namespace}, ${JSON.stringify(doc.metadata.labels ?? {})}::jsonb, 'ConfigFile',
      ${JSON.stringify(doc.spec)}::jsonb, ${doc.spec.schedule ?? null})
    RETURNING id`.execute(db);
  return rows[0]?.id ?? '';
}

/** Replaces a folder topology's labels, spec and schedule with its document's. */
export async function updateFileTopology(db: Db, id: string, doc: TopologyDocument): Promise<void> {
  const labels = JSON.stringify(doc.metadata.labels ?? {});
  await sql`UPDATE topologies SET labels = ${labels}::jsonb, spec = ${JSON.stringify(doc.spec)}::jsonb,
      schedule = ${doc.spec.schedule ?? null}
    WHERE id = ${id}`.execute(db);
}

/** Soft-deletes a topology whose document left the folder. */
export async function softDeleteTopology(db: Db, id: string): Promise<void> {
  await sql`UPDATE topologies SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
}

/** The live topologies of source `ConfigFile`. */
export async function liveFileTopologies(db: Db): Promise<FileTopology[]> {
  const { rows } = await sql<FileTopology>`SELECT id, name, namespace, labels, spec FROM topologies
    WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(db);
  return rows;
}
