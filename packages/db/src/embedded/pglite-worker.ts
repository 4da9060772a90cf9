import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from '../pglite-factory.js';
import { embeddedNotificationSender } from './embedded-notifications.js';
import { PgliteWireServer } from './pglite-wire-server.js';

/** Messages the embedded database worker understands from its parent. */
export type WorkerRequest = { type: 'stop' } | { type: 'backup'; id: number; file: string };
/** Messages the worker sends its parent. */
export type WorkerEvent =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'stopped' }
  | { type: 'backed-up'; id: number; bytes: number }
  | { type: 'backup-failed'; id: number; message: string };

interface WorkerInput {
  dataDir: string;
  socketPath: string;
  /** A migrated snapshot restored when `dataDir` holds no database yet (see migrated-snapshot.ts). */
  snapshotFile?: string;
  maxConnections: number;
  priorityApplication?: string;
}

const input = workerData as WorkerInput; // workerData is set by embedded-database.ts with this shape
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

async function main(): Promise<void> {
  const fresh = !existsSync(join(input.dataDir, 'PG_VERSION'));
  const snapshot = fresh && input.snapshotFile && existsSync(input.snapshotFile) ? input.snapshotFile : undefined;
  const db = await createPglite({
    dataDir: input.dataDir,
    ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
  });
  const notifications = embeddedNotificationSender(dirname(input.socketPath));
  const server = new PgliteWireServer(db, {
    path: input.socketPath,
    maxConnections: input.maxConnections,
    priorityApplication: input.priorityApplication,
    onNotification: notifications.send,
  });
  await server.start();
  port?.on('message', async (message: WorkerRequest) => {
    if (message.type === 'backup') {
      backup(server, db, message);
      return;
    }
    if (message.type !== 'stop') return;
    await server.stop();
    notifications.close();
    await db.close();
    port.postMessage({ type: 'stopped' } satisfies WorkerEvent);
  });
  port?.postMessage({ type: 'ready' } satisfies WorkerEvent);
}

/**
 * Writes a gzip tarball of the data directory to `file` (through a temporary name, so a failed backup
 * leaves no partial file under the asked name), between transactions so it is consistent.
 */
function backup(
  server: PgliteWireServer,
  db: Awaited<ReturnType<typeof createPglite>>,
  request: { id: number; file: string },
) {
  server
    .runBetweenTransactions(async () => {
      const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
      const partial = `${request.file}.partial`;
      writeFileSync(partial, tarball, { mode: 0o600 });
      renameSync(partial, request.file);
      return tarball.length;
    })
    .then(
      (bytes) => port?.postMessage({ type: 'backed-up', id: request.id, bytes } satisfies WorkerEvent),
      (error: unknown) =>
        port?.postMessage({
          type: 'backup-failed',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies WorkerEvent),
    );
}

main().catch((error: unknown) => {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  } satisfies WorkerEvent);
});
