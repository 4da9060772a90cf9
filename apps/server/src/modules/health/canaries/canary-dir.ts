/**
 * Canaries from YAML files in a watched directory (`MC_CANARY_DIR`), so teams keep canary-checker
 * files in git or a config map and the server follows them — through the shared watched-folder helper
 * (platform/watched-folder.ts: bounded parsing, reconcile, a bad file deletes nothing, debounced watch
 * and poll). Those canaries are read-only through the API and console (source `ConfigFile`, 001 §2).
 */
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import {
  syncWatchedFolder,
  type WatchedFolder,
  type WatchedFolderOptions,
  type WatchedFolderSource,
  type WatchedFolderSync,
  watchFolder,
} from '../../../platform/watched-folder.js';
import { type CanaryRow, listCanaries } from './canaries.repo.js';
import { canariesService, type WriteContext } from './canaries.service.js';
import { type CanaryDocument, validateCanary } from './canary-schema.js';

/** What one sync did (keys are `namespace/name`). */
export type CanaryDirSync = WatchedFolderSync;
/** A running directory watcher. */
export type CanaryDirWatcher = WatchedFolder;
/** Options of the watcher; the defaults suit production. */
export type CanaryDirOptions = WatchedFolderOptions;

const WRITER: WriteContext = { actor: { kind: 'system', name: 'canary-dir' } };

const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

/** JSON with object keys sorted, so a stored jsonb value compares equal to the document it came from. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const fingerprint = (labels: unknown, annotations: unknown, spec: unknown) =>
  canonical({ labels: labels ?? null, annotations: annotations ?? null, spec });

/** The canaries a folder holds, as the watched-folder helper asks for them. */
function canarySource(database: Database): WatchedFolderSource<CanaryDocument, CanaryRow> {
  const service = canariesService(database);
  return {
    noun: 'canary',
    check(raw) {
      const result = validateCanary(raw);
      if (!result.ok) return { ok: false, errors: result.errors };
      const { metadata } = result.canary;
      return { ok: true, key: keyOf(metadata.namespace ?? 'default', metadata.name), document: result.canary };
    },
    async live() {
      const rows = await listCanaries(database.db);
      return new Map(
        rows.filter((row) => row.source === 'ConfigFile').map((row) => [keyOf(row.namespace, row.name), row]),
      );
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

/** Reconciles the live `ConfigFile` canaries with the directory's documents once. */
export function syncCanaryDir(database: Database, dir: string): Promise<CanaryDirSync> {
  return syncWatchedFolder(canarySource(database), dir);
}

/** Follows the directory: a sync now, then on change events (debounced) and every `pollMs`. */
export function watchCanaryDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: CanaryDirOptions = {},
): CanaryDirWatcher {
  return watchFolder(canarySource(database), dir, logger.child({ module: 'health', canaryDir: dir }), options);
}
