/**
 * What every watched folder's owner says the same way (canaries, scrapers, topologies, playbooks), so
 * each adapter keeps only what is its kind's own (validation, comparison, its table's SQL):
 *
 * - a document and the record it owns are keyed `namespace/name` (namespace `default` when the document
 *   names none);
 * - a record a folder owns is created, changed and soft-deleted in one audited transaction each, audited
 *   as `create` (name, namespace, source `ConfigFile`, spec), `update` (the kind's before and after) and
 *   `delete` (name and namespace), and a new document whose key a record of another source holds is
 *   refused naming that source;
 * - the sync-once and follow entry points, with the module and folder on every log line.
 */
import type { Database } from '@mc/db';
import { auditedTransaction } from './audit.js';
import type { Logger } from './logger.js';
import type { Actor } from './request-context.js';
import {
  syncWatchedFolder,
  type WatchedDocumentCheck,
  type WatchedFolder,
  type WatchedFolderOptions,
  type WatchedFolderSource,
  type WatchedFolderSync,
  watchFolder,
} from './watched-folder.js';

/** The part of a watched document that names it. */
export interface NamedDocument {
  metadata: { name: string; namespace?: string | undefined };
}

/** A record a folder owns, as its adapter reads it. */
export interface NamedRecord {
  id: string;
  name: string;
  namespace: string;
}

/** The default namespace of a document that names none. */
export const DEFAULT_NAMESPACE = 'default';

/** `namespace/name`: the key of a watched document and of the record it owns. */
export function documentKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** A document's name and namespace (`default` when it names none). */
export function documentName(document: NamedDocument): { name: string; namespace: string } {
  return { name: document.metadata.name, namespace: document.metadata.namespace ?? DEFAULT_NAMESPACE };
}

/** The verdict on a valid document: keyed by its namespace and name. */
export function keyedDocument<D extends NamedDocument>(document: D): WatchedDocumentCheck<D> {
  const { name, namespace } = documentName(document);
  return { ok: true, key: documentKey(namespace, name), document };
}

/** Records by their document key. */
export function recordsByKey<R extends { name: string; namespace: string }>(rows: Iterable<R>): Map<string, R> {
  return new Map([...rows].map((row) => [documentKey(row.namespace, row.name), row]));
}

/** The SQL of a kind's table for its folder's records; each runs inside the audited transaction. */
export interface FileRecordStore<D, R> {
  /** Another live record with this name and namespace: its source (null when unset), or undefined for none. */
  sourceOf(tx: Database, name: string, namespace: string): Promise<string | null | undefined>;
  /** Stores a new record of source `ConfigFile` (and what goes with it); returns its id. */
  insert(tx: Database, document: D): Promise<string>;
  /** Changes a record to what its document says; returns the audit's before and after images. */
  update(tx: Database, document: D, record: R): Promise<{ before: object; after: object }>;
  /** Soft-deletes the record (and what goes with it). */
  softDelete(tx: Database, record: R): Promise<void>;
}

/** What a kind's folder records are: the noun in messages, the audited table and who writes. */
export interface FileRecordKind {
  noun: string;
  table: string;
  actor: Actor;
}

/** `apply` and `remove` of a {@link WatchedFolderSource} over a store: one audited transaction each. */
export function auditedFileRecords<D extends NamedDocument & { spec: unknown }, R extends NamedRecord>(
  database: Database,
  kind: FileRecordKind,
  store: FileRecordStore<D, R>,
): Pick<WatchedFolderSource<D, R>, 'apply' | 'remove'> {
  const audit = { actor: kind.actor };
  return {
    async apply(document, record) {
      await auditedTransaction(database, audit, async (tx) => {
        if (record) {
          const { before, after } = await store.update(tx, document, record);
          return { value: undefined, audit: { action: 'update', target: kind.table, ids: [record.id], before, after } };
        }
        const { name, namespace } = documentName(document);
        const clash = await store.sourceOf(tx, name, namespace);
        if (clash !== undefined) {
          throw new Error(
            `${kind.noun} '${documentKey(namespace, name)}' already exists from ${clash ?? 'UI'}; rename one of them`,
          );
        }
        const id = await store.insert(tx, document);
        return {
          value: undefined,
          audit: {
            action: 'create',
            target: kind.table,
            ids: [id],
            after: { name, namespace, source: 'ConfigFile', spec: document.spec },
          },
        };
      });
    },
    async remove(record) {
      await auditedTransaction(database, audit, async (tx) => {
        await store.softDelete(tx, record);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            target: kind.table,
            ids: [record.id],
            before: { name: record.name, namespace: record.namespace },
          },
        };
      });
    },
  };
}

/** A kind's two entry points: sync its folder once, and follow it. */
export interface WatchedFolderEntryPoints {
  /** Reconciles the live `ConfigFile` records with the folder's documents once. */
  sync(database: Database, dir: string): Promise<WatchedFolderSync>;
  /** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
  watch(database: Database, dir: string, logger: Logger, options?: WatchedFolderOptions): WatchedFolder;
}

/**
 * The entry points of a kind whose source is built over a database; `logFields` names the module and
 * folder on the watcher's log lines (`{ module: 'health', canaryDir: dir }`).
 */
export function watchedFolderEntryPoints<D, R>(
  sourceOf: (database: Database) => WatchedFolderSource<D, R>,
  logFields: (dir: string) => Record<string, unknown>,
): WatchedFolderEntryPoints {
  return {
    sync: (database, dir) => syncWatchedFolder(sourceOf(database), dir),
    watch: (database, dir, logger, options = {}) =>
      watchFolder(sourceOf(database), dir, logger.child(logFields(dir)), options),
  };
}
