/**
 * The SQL of playbooks a scraper makes from scraped `MissionControl::Playbook` items (scraped-playbooks.ts):
 * such a playbook has the item's id and source `CRDSync`, as config-db's crdSync stores it.
 */
import type { Database } from '@mc/db';
import { sql } from 'kysely';

/** The source of a playbook made from a scraped item (config-db's SourceCRDSync). */
export const CRD_SYNC_SOURCE = 'CRDSync';

/** A playbook row as the sync compares it. */
export interface SyncedPlaybookRow {
  id: string;
  name: string;
  namespace: string;
  source: string;
  spec: unknown;
  deleted_at: Date | null;
}

/** The columns a synced playbook sets. */
export interface SyncedPlaybookColumns {
  name: string;
  namespace: string;
  spec: unknown;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
}

/** The playbook of id `id` (live or deleted), or undefined. */
export async function playbookById(db: Database['db'], id: string): Promise<SyncedPlaybookRow | undefined> {
  const { rows } = await sql<SyncedPlaybookRow>`SELECT id, name, namespace, source, spec, deleted_at
    FROM playbooks WHERE id = ${id}`.execute(db);
  return rows[0];
}

/** The live playbook named `namespace/name` other than `id`: its source, or undefined. */
export async function otherLiveSource(
  db: Database['db'],
  id: string,
  namespace: string,
  name: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ source: string }>`SELECT source FROM playbooks
    WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL AND id <> ${id} LIMIT 1`.execute(db);
  return rows[0]?.source;
}

/** Stores a new synced playbook with the item's id. */
export async function insertSyncedPlaybook(db: Database['db'], id: string, columns: SyncedPlaybookColumns) {
  await sql`INSERT INTO playbooks (id, name, namespace, source, spec, title, icon, description, category)
    VALUES (${id}, ${columns.name}, ${columns.namespace}, ${CRD_SYNC_SOURCE}, ${JSON.stringify(columns.spec)}::jsonb,
      ${columns.title}, ${columns.icon}, ${columns.description}, ${columns.category})`.execute(db);
}

/** Changes a synced playbook (live again if it was deleted) to what its item says. */
export async function updateSyncedPlaybook(db: Database['db'], id: string, columns: SyncedPlaybookColumns) {
  await sql`UPDATE playbooks SET name = ${columns.name}, namespace = ${columns.namespace},
      spec = ${JSON.stringify(columns.spec)}::jsonb, title = ${columns.title}, icon = ${columns.icon},
      description = ${columns.description}, category = ${columns.category}, deleted_at = NULL, updated_at = now()
    WHERE id = ${id} AND source = ${CRD_SYNC_SOURCE}`.execute(db);
}

/** Soft-deletes the live synced playbooks among `ids`; answers the ones it deleted. */
export async function softDeleteSyncedPlaybooks(db: Database['db'], ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string; name: string; namespace: string }>`UPDATE playbooks
    SET deleted_at = now() WHERE source = ${CRD_SYNC_SOURCE} AND deleted_at IS NULL
      AND id = ANY(${[...ids]}::uuid[])
    RETURNING id, name, namespace`.execute(db);
  return rows;
}
