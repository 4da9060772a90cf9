/**
 * Playbooks from YAML or JSON files in a watched folder (`MC_PLAYBOOK_DIR`), so teams keep
 * mission-control `kind: Playbook` files in git or a config map and the server follows them, as it does
 * canary, scraper and topology files (the shared platform/watched-folder.ts: bounded parsing, reconcile, a
 * bad file deletes nothing, debounced watch and poll). A new or changed document is stored as a playbook
 * of source `ConfigFile` (read-only in the API and console: playbooks-write.hook.ts) with the title, icon,
 * description and category its spec gives; a playbook whose document is gone is soft-deleted (its runs
 * stay). Each change writes its audit row (actor `system:playbook-dir`) in its own transaction.
 */
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { canonicalJson } from '../../platform/canonical-json.js';
import type { Actor } from '../../platform/request-context.js';
import type { WatchedFolderSource } from '../../platform/watched-folder.js';
import {
  auditedFileRecords,
  documentName,
  type FileRecordStore,
  keyedDocument,
  recordsByKey,
  watchedFolderEntryPoints,
} from '../../platform/watched-records.js';
import { type PlaybookDocument, validatePlaybook } from './playbook-document.js';

const WRITER: Actor = { kind: 'system', name: 'playbook-dir' };

/** A playbook the folder owns, as stored. */
interface FilePlaybook {
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
const store: FileRecordStore<PlaybookDocument, FilePlaybook> = {
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

/** The playbooks a folder holds, as the watched-folder helper asks for them. */
function playbookSource(database: Database): WatchedFolderSource<PlaybookDocument, FilePlaybook> {
  return {
    noun: 'playbook',
    check(raw) {
      const result = validatePlaybook(raw);
      return result.ok ? keyedDocument(result.playbook) : { ok: false, errors: result.errors.slice(0, 10) };
    },
    async live() {
      const { rows } = await sql<FilePlaybook>`SELECT id, name, namespace, spec FROM playbooks
        WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(database.db);
      return recordsByKey(rows);
    },
    unchanged: (row, doc) => canonicalJson(row.spec) === canonicalJson(doc.spec),
    ...auditedFileRecords(database, { noun: 'playbook', table: 'playbooks', actor: WRITER }, store),
  };
}

const playbookDir = watchedFolderEntryPoints(playbookSource, (dir) => ({ module: 'playbooks', playbookDir: dir }));

/** Reconciles the live `ConfigFile` playbooks with the folder's documents once. */
export const syncPlaybookDir = playbookDir.sync;

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchPlaybookDir = playbookDir.watch;
