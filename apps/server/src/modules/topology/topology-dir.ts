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
import { scheduleTopology, unscheduleTopology } from './topology-schedule.js';
import { validateTopologyDocument } from './topology-spec.js';

const WRITER: Actor = { kind: 'system', name: 'topology-dir' };
const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

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

/** The topologies a folder holds, as the watched-folder helper asks for them. */
function topologySource(database: Database): WatchedFolderSource<TopologyDocument, FileTopology> {
  const audit = { actor: WRITER };
  return {
    noun: 'topology',
    check(raw) {
      try {
        const document = validateTopologyDocument(raw);
        return { ok: true, key: keyOf(document.metadata.namespace, document.metadata.name), document };
      } catch (error) {
        return { ok: false, errors: [(error as Error).message] }; // an AppError naming the field
      }
    },
    async live() {
      const { rows } = await sql<FileTopology>`SELECT id, name, namespace, labels, spec FROM topologies
        WHERE source = 'ConfigFile' AND deleted_at IS NULL`.execute(database.db);
      return new Map(rows.map((row) => [keyOf(row.namespace, row.name), row]));
    },
    unchanged: (row, doc) => fingerprint(row.labels, row.spec) === fingerprint(doc.metadata.labels, doc.spec),
    async apply(doc, row) {
      const { name, namespace } = doc.metadata;
      const labels = JSON.stringify(doc.metadata.labels ?? {});
      const spec = JSON.stringify(doc.spec);
      await auditedTransaction(database, audit, async (tx) => {
        if (row) {
          await sql`UPDATE topologies SET labels = ${labels}::jsonb, spec = ${spec}::jsonb, schedule = ${doc.spec.schedule ?? null}
            WHERE id = ${row.id}`.execute(tx.db);
          await scheduleTopology(tx.db, row.id, doc.spec);
          const after = { labels: doc.metadata.labels ?? {}, spec: doc.spec };
          return {
            value: undefined,
            audit: {
              action: 'update',
              target: 'topologies',
              ids: [row.id],
              before: { labels: row.labels, spec: row.spec },
              after,
            },
          };
        }
        const { rows: clash } = await sql<{ source: string | null }>`SELECT source FROM topologies
          WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL LIMIT 1`.execute(tx.db);
        if (clash[0]) {
          throw new Error(
            `topology '${namespace}/${name}' already exists from ${clash[0].source ?? 'UI'}; rename one of them`,
          );
        }
        const { rows } = await sql<{
          id: string;
        }>`INSERT INTO topologies (name, namespace, labels, source, spec, schedule)
          VALUES (${name}, ${namespace}, ${labels}::jsonb, 'ConfigFile', ${spec}::jsonb, ${doc.spec.schedule ?? null})
          RETURNING id`.execute(tx.db);
        const id = rows[0]?.id ?? '';
        await scheduleTopology(tx.db, id, doc.spec);
        return {
          value: undefined,
          audit: {
            action: 'create',
            target: 'topologies',
            ids: [id],
            after: { name, namespace, source: 'ConfigFile', spec: doc.spec },
          },
        };
      });
    },
    async remove(row) {
      await auditedTransaction(database, audit, async (tx) => {
        await sql`UPDATE topologies SET deleted_at = now() WHERE id = ${row.id} AND deleted_at IS NULL`.execute(tx.db);
        await unscheduleTopology(tx.db, row.id);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            target: 'topologies',
            ids: [row.id],
            before: { name: row.name, namespace: row.namespace },
          },
        };
      });
    },
  };
}

/** What one sync did (keys are `namespace/name`). */
export type TopologyDirSync = WatchedFolderSync;

/** Reconciles the live `ConfigFile` topologies with the folder's documents once. */
export function syncTopologyDir(database: Database, dir: string): Promise<TopologyDirSync> {
  return syncWatchedFolder(topologySource(database), dir);
}

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export function watchTopologyDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: WatchedFolderOptions = {},
): WatchedFolder {
  return watchFolder(topologySource(database), dir, logger.child({ module: 'topology', topologyDir: dir }), options);
}
