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
import { sql } from 'kysely';
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
import { scheduleTopology, unscheduleTopology } from './topology-schedule.js';
import { validateTopologyDocument } from './topology-spec.js';

const WRITER: Actor = { kind: 'system', name: 'topology-dir' };

/** A topology the folder owns, as stored. */
interface FileTopology {
  id: string;
  name: string;
  namespace: string;
  labels: unknown;
  spec: unknown;
}

const hasKeys = (value: unknown) => value !== null && typeof value === 'object' && Object.keys(value).length > 0;

/** Labels and spec as one comparable text; no labels and empty labels compare equal. */
const fingerprint = (labels: unknown, spec: unknown) =>
  canonicalJson({ labels: hasKeys(labels) ? labels : null, spec });

/** The topologies table's side of the folder: each write keeps the topology's schedule with it. */
const store: FileRecordStore<TopologyDocument, FileTopology> = {
  async sourceOf(tx, name, namespace) {
    const { rows } = await sql<{ source: string | null }>`SELECT source FROM topologies
      WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL LIMIT 1`.execute(tx.db);
    return rows[0] ? rows[0].source : undefined;
  },
  async insert(tx, doc) {
    const { name, namespace } = doc.metadata;
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO topologies (name, namespace, labels, source, spec, schedule)
      VALUES (${name}, ${namespace}, ${JSON.stringify(doc.metadata.labels ?? {})}::jsonb, 'ConfigFile',
        ${JSON.stringify(doc.spec)}::jsonb, ${doc.spec.schedule ?? null})
      RETURNING id`.execute(tx.db);
    const id = rows[0]?.id ?? '';
    await scheduleTopology(tx.db, id, doc.spec);
    return id;
  },
  async update(tx, doc, row) {
    const labels = JSON.stringify(doc.metadata.labels ?? {});
    await sql`UPDATE topologies SET labels = ${labels}::jsonb, spec = ${JSON.stringify(doc.spec)}::jsonb,
        schedule = ${doc.spec.schedule ?? null}
      WHERE id = ${row.id}`.execute(tx.db);
    await scheduleTopology(tx.db, row.id, doc.spec);
    return {
      before: { labels: row.labels, spec: row.spec },
      after: { labels: doc.metadata.labels ?? {}, spec: doc.spec },
    };
  },
  async softDelete(tx, row) {
    await sql`UPDATE topologies SET deleted_at = now() WHERE id = ${row.id} AND deleted_at IS NULL`.execute(tx.db);
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
    async live() {
      const { rows } = await sql<FileTopology>`SELECT id, name, namespace, labels, spec FROM topologies
        WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(database.db);
      return recordsByKey(rows);
    },
    unchanged: (row, doc) => fingerprint(row.labels, row.spec) === fingerprint(doc.metadata.labels, doc.spec),
    ...auditedFileRecords(database, { noun: 'topology', table: 'topologies', actor: WRITER }, store),
  };
}

const topologyDir = watchedFolderEntryPoints(topologySource, (dir) => ({ module: 'topology', topologyDir: dir }));

/** Reconciles the live `ConfigFile` topologies with the folder's documents once. */
export const syncTopologyDir = topologyDir.sync;

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchTopologyDir = topologyDir.watch;
