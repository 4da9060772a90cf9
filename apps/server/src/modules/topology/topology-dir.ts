/**
 * Topologies from YAML or JSON files in a watched folder (`MC_TOPOLOGY_DIR`), so teams keep
 * canary-checker `kind: Topology` files in git or a config map and the server follows them, as it does
 * canary and scraper files (the shared platform/watched-folder.ts: bounded parsing, reconcile, a bad file
 * deletes nothing, debounced watch and poll). A new or changed document is stored as a topology of source
 * `ConfigFile` (read-only in the API and console: topologies-write.hook.ts) and scheduled with a first
 * build queued; a topology whose document is gone is soft-deleted with its schedule and components. Each
 * change writes its audit row (actor `system:topology-dir`) in its own transaction.
 */
import type { TopologyDocument } from '@mc/contracts';
import type { Database } from '@mc/db';
import { canonicalJson } from '../../platform/canonical-json.js';
import type { Actor } from '../../platform/request-context.js';
import type { WatchedFolderSource } from '../../platform/watched-folder.js';
import {
  auditedFileRecords,
  type FileRecordStore,
  keyedDocument,
  recordsByKey,
  watchedFolderEntryPoints,
} from '../../platform/watched-records.js';
import {
  type FileTopology,
  insertFileTopology,
  liveFileTopologies,
  softDeleteTopology,
  topologySourceOf,
  updateFileTopology,
} from './topology-files.repo.js';
import { scheduleTopology, unscheduleTopology } from './topology-schedule.js';
import { validateTopologyDocument } from './topology-spec.js';

const WRITER: Actor = { kind: 'system', name: 'topology-dir' };

const hasKeys = (value: unknown) => value !== null && typeof value === 'object' && Object.keys(value).length > 0;

/** Labels and spec as one comparable text; no labels and empty labels compare equal. */
const fingerprint = (labels: unknown, spec: unknown) =>
  canonicalJson({ labels: hasKeys(labels) ? labels : null, spec });

/** The topologies table's side of the folder: each write keeps the topology's schedule with it. */
const store: FileRecordStore<TopologyDocument, FileTopology> = {
  sourceOf: (tx, name, namespace) => topologySourceOf(tx.db, name, namespace),
  async insert(tx, doc) {
    const id = await insertFileTopology(tx.db, doc);
    await scheduleTopology(tx.db, id, doc.spec);
    return id;
  },
  async update(tx, doc, row) {
    await updateFileTopology(tx.db, row.id, doc);
    await scheduleTopology(tx.db, row.id, doc.spec);
    return {
      before: { labels: row.labels, spec: row.spec },
      after: { labels: doc.metadata.labels ?? {}, spec: doc.spec },
    };
  },
  async softDelete(tx, row) {
    await softDeleteTopology(tx.db, row.id);
    await unscheduleTopology(tx.db, row.id);
  },
};

/** The topologies a folder holds, as the watched-folder helper asks for them. */
function topologySource(database: Database): WatchedFolderSource<TopologyDocument, FileTopology> {
  return {
    noun: 'topology',
    check(raw) {
      try {
        return keyedDocument(validateTopologyDocument(raw));
      } catch (error) {
        return { ok: false, errors: [(error as Error).message] }; // an AppError naming the field
      }
    },
    live: async () => recordsByKey(await liveFileTopologies(database.db)),
    unchanged: (row, doc) => fingerprint(row.labels, row.spec) === fingerprint(doc.metadata.labels, doc.spec),
    ...auditedFileRecords(database, { noun: 'topology', table: 'topologies', actor: WRITER }, store),
  };
}

const topologyDir = watchedFolderEntryPoints(topologySource, (dir) => ({ module: 'topology', topologyDir: dir }));

/** Reconciles the live `ConfigFile` topologies with the folder's documents once. */
export const syncTopologyDir = topologyDir.sync;

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchTopologyDir = topologyDir.watch;
