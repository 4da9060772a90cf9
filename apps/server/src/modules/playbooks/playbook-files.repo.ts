/**
 * The SQL of the playbooks folder (playbook-dir.ts): the `ConfigFile` playbooks it owns, and how a
 * document is inserted, updated and soft-deleted.
 */
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { documentName, type FileRecordStore } from '../../platform/watched-records.js';
import type { PlaybookDocument } from './playbook-document.js';

/** A playbook the folder owns, as stored. */
export interface FilePlaybook {
  id: string;
  name: string;
  namespace: string;
  spec: unknown;
}

/** The columns a document sets, spec first (the console lists and groups by the others). */
function columnsOf(doc: PlaybookDocument) {
  const { spec } = doc;
  return {
    spec: JSON.stringify(spec),
    title: spec.title ?? doc.metadata.name,
    icon: spec.icon ?? null,
    description: spec.description ?? null,
    category: spec.category ?? '',
  };
}

/** The playbooks table's side of the folder. */
export const playbookFileStore: FileRecordStore<PlaybookDocument, FilePlaybook> = {
  async sourceOf(tx, name, namespace) {
    const { rows } = await sql<{ source: string }>`SELECT source FROM playbooks
      WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL LIMIT 1`.execute(tx.db);
    return rows[0]?.source;
  },
  async insert(tx, doc) {
    const { name, namespace } = documentName(doc);
    const columns = columnsOf(doc);
    const { rows } = await sql<{ id: string }>`INSERT INTO playbooks
        (name, namespace, source, spec, title, icon, description, category)
      VALUES (${name}, ${namespace}, 'ConfigFile', ${columns.spec}::jsonb, ${columns.title}, ${columns.icon},
        ${columns.description}, ${columns.category})
      RETURNING id`.execute(tx.db);
    return rows[0]?.id ?? '';
  },
  async update(tx, doc, row) {
    const columns = columnsOf(doc);
    await sql`UPDATE playbooks SET spec = ${columns.spec}::jsonb, title = ${columns.title}, icon = ${columns.icon},
        description = ${columns.description}, category = ${columns.category}, updated_at = now()
      WHERE id = ${row.id}`.execute(tx.db);
    return { before: { spec: row.spec }, after: { spec: doc.spec } };
  },
  async softDelete(tx, row) {
    await sql`UPDATE playbooks SET deleted_at = now() WHERE id = ${row.id} AND deleted_at IS NULL`.execute(tx.db);
  },
};

/** The live playbooks of source `ConfigFile`. */
export async function liveFilePlaybooks(db: Database['db']): Promise<FilePlaybook[]> {
  const { rows } = await sql<FilePlaybook>`SELECT id, name, namespace, spec FROM playbooks
    WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(db);
  return rows;
}
