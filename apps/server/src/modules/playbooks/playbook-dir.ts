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
import { canonicalJson } from '../../platform/canonical-json.js';
import type { Actor } from '../../platform/request-context.js';
import type { WatchedFolderSource } from '../../platform/watched-folder.js';
import {
  auditedFileRecords,
  keyedDocument,
  recordsByKey,
  watchedFolderEntryPoints,
} from '../../platform/watched-records.js';
import { type PlaybookDocument, validatePlaybook } from './playbook-document.js';
import { type FilePlaybook, liveFilePlaybooks, playbookFileStore } from './playbook-files.repo.js';

const WRITER: Actor = { kind: 'system', name: 'playbook-dir' };

/** The playbooks a folder holds, as the watched-folder helper asks for them. */
function playbookSource(database: Database): WatchedFolderSource<PlaybookDocument, FilePlaybook> {
  return {
    noun: 'playbook',
    check(raw) {
      const result = validatePlaybook(raw);
      return result.ok ? keyedDocument(result.playbook) : { ok: false, errors: result.errors.slice(0, 10) };
    },
    live: async () => recordsByKey(await liveFilePlaybooks(database.db)),
    unchanged: (row, doc) => canonicalJson(row.spec) === canonicalJson(doc.spec),
    ...auditedFileRecords(database, { noun: 'playbook', table: 'playbooks', actor: WRITER }, playbookFileStore),
  };
}

const playbookDir = watchedFolderEntryPoints(playbookSource, (dir) => ({ module: 'playbooks', playbookDir: dir }));

/** Reconciles the live `ConfigFile` playbooks with the folder's documents once. */
export const syncPlaybookDir = playbookDir.sync;

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchPlaybookDir = playbookDir.watch;
