/**
 * Canaries from YAML files in a watched directory (`MC_CANARY_DIR`), so teams keep canary-checker
 * files in git or a config map and the server follows them — through the shared watched-folder helper
 * (platform/watched-folder.ts: bounded parsing, reconcile, a bad file deletes nothing, debounced watch
 * and poll). Those canaries are read-only through the API and console (source `ConfigFile`, 001 §2).
 */
import type { Database } from '@mc/db';
import { canonicalJson } from '../../../platform/canonical-json.js';
import { AppError } from '../../../platform/errors.js';
import type { WatchedFolder, WatchedFolderSource } from '../../../platform/watched-folder.js';
import { keyedDocument, recordsByKey, watchedFolderEntryPoints } from '../../../platform/watched-records.js';
import { type CanaryRow, listCanaries } from './canaries.repo.js';
import { canariesService, type WriteContext } from './canaries.service.js';
import { type CanaryDocument, validateCanary } from './canary-schema.js';

/** A running directory watcher. */
export type CanaryDirWatcher = WatchedFolder;

const WRITER: WriteContext = { actor: { kind: 'system', name: 'canary-dir' } };

const fingerprint = (labels: unknown, annotations: unknown, spec: unknown) =>
  canonicalJson({ labels: labels ?? null, annotations: annotations ?? null, spec });

/** The canaries a folder holds, as the watched-folder helper asks for them. */
function canarySource(database: Database): WatchedFolderSource<CanaryDocument, CanaryRow> {
  const service = canariesService(database);
  return {
    noun: 'canary',
    check(raw) {
      const result = validateCanary(raw);
      return result.ok ? keyedDocument(result.canary) : { ok: false, errors: result.errors };
    },
    async live() {
      return recordsByKey((await listCanaries(database.db)).filter((row) => row.source === 'ConfigFile'));
    },
    unchanged: (row, doc) =>
      fingerprint(row.labels, row.annotations, row.spec) ===
      fingerprint(doc.metadata.labels, doc.metadata.annotations, doc.spec),
    async apply(doc) {
      await service.upsertFrom('ConfigFile', doc, WRITER);
    },
    async remove(row) {
      await service.remove(row.id, WRITER, { fromFile: true });
    },
    // Another replica watching the same files created it first: it is applied.
    alreadyApplied: (error) => error instanceof AppError && error.code === 'conflict',
  };
}

const canaryDir = watchedFolderEntryPoints(canarySource, (dir) => ({ module: 'health', canaryDir: dir }));

/** Reconciles the live `ConfigFile` canaries with the directory's documents once. */
export const syncCanaryDir = canaryDir.sync;

/** Follows the directory: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchCanaryDir = canaryDir.watch;
