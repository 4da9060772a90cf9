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
import { auditedTransaction } from '../../platform/audit.js';
import type { Logger } from '../../platform/logger.js';
import type { Actor } from '../../platform/request-context.js';
import {
  syncWatchedFolder,
  type WatchedFolder,
  type WatchedFolderOptions,
  type WatchedFolderSource,
  type WatchedFolderSync,
  watchFolder,
} from '../../platform/watched-folder.js';
import { canonicalJson } from '../catalog/index.js';
import { type PlaybookDocument, validatePlaybook } from './playbook-document.js';

const WRITER: Actor = { kind: 'system', name: 'playbook-dir' };
const DEFAULT_NAMESPACE = 'default';
const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

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

/** The playbooks a folder holds, as the watched-folder helper asks for them. */
function playbookSource(database: Database): WatchedFolderSource<PlaybookDocument, FilePlaybook> {
  const audit = { actor: WRITER };
  return {
    noun: 'playbook',
    check(raw) {
      const result = validatePlaybook(raw);
      if (!result.ok) return { ok: false, errors: result.errors.slice(0, 10) };
      const { metadata } = result.playbook;
      return {
        ok: true,
        key: keyOf(metadata.namespace ?? DEFAULT_NAMESPACE, metadata.name),
        document: result.playbook,
      };
    },
    async live() {
      const { rows } = await sql<FilePlaybook>`SELECT id, name, namespace, spec FROM playbooks
        WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(database.db);
      return new Map(rows.map((row) => [keyOf(row.namespace, row.name), row]));
    },
    unchanged: (row, doc) => canonicalJson(row.spec) === canonicalJson(doc.spec),
    async apply(doc, row) {
      const name = doc.metadata.name;
      const namespace = doc.metadata.namespace ?? DEFAULT_NAMESPACE;
      const columns = columnsOf(doc);
      await auditedTransaction(database, audit, async (tx) => {
        if (row) {
          await sql`UPDATE playbooks SET spec = ${columns.spec}::jsonb, title = ${columns.title}, icon = ${columns.icon},
              description = ${columns.description}, category = ${columns.category}, updated_at = now()
            WHERE id = ${row.id}`.execute(tx.db);
          return {
            value: undefined,
            audit: {
              action: 'update',
              target: 'playbooks',
              ids: [row.id],
              before: { spec: row.spec },
              after: { spec: doc.spec },
            },
          };
        }
        const { rows: clash } = await sql<{ source: string }>`SELECT source FROM playbooks
          WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL LIMIT 1`.execute(tx.db);
        if (clash[0]) {
          throw new Error(`playbook '${namespace}/${name}' already exists from ${clash[0].source}; rename one of them`);
        }
        const { rows } = await sql<{ id: string }>`INSERT INTO playbooks
            (name, namespace, source, spec, title, icon, description, category)
          VALUES (${name}, ${namespace}, 'ConfigFile', ${columns.spec}::jsonb, ${columns.title}, ${columns.icon},
            ${columns.description}, ${columns.category})
          RETURNING id`.execute(tx.db);
        const id = rows[0]?.id ?? '';
        return {
          value: undefined,
          audit: {
            action: 'create',
            target: 'playbooks',
            ids: [id],
            after: { name, namespace, source: 'ConfigFile', spec: doc.spec },
          },
        };
      });
    },
    async remove(row) {
      await auditedTransaction(database, audit, async (tx) => {
        await sql`UPDATE playbooks SET deleted_at = now() WHERE id = ${row.id} AND deleted_at IS NULL`.execute(tx.db);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            target: 'playbooks',
            ids: [row.id],
            before: { name: row.name, namespace: row.namespace },
          },
        };
      });
    },
  };
}

/** What one sync did (keys are `namespace/name`). */
export type PlaybookDirSync = WatchedFolderSync;

/** Reconciles the live `ConfigFile` playbooks with the folder's documents once. */
export function syncPlaybookDir(database: Database, dir: string): Promise<PlaybookDirSync> {
  return syncWatchedFolder(playbookSource(database), dir);
}

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export function watchPlaybookDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: WatchedFolderOptions = {},
): WatchedFolder {
  return watchFolder(playbookSource(database), dir, logger.child({ module: 'playbooks', playbookDir: dir }), options);
}
