import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from '../pglite-factory.js';
import { PgliteWireServer } from './pglite-wire-server.js';

/** Messages the embedded database worker understands from its parent. */
export type WorkerRequest = { type: 'stop' };
/** Messages the worker sends its parent. */
export type WorkerEvent = { type: 'ready' } | { type: 'error'; message: string } | { type: 'stopped' };

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
  const server = new PgliteWireServer(db, {
    path: input.socketPath,
    maxConnections: input.maxConnections,
    priorityApplication: input.priorityApplication,
  });
  await server.start();
  port?.on('message', async (message: WorkerRequest) => {
    if (message.type !== 'stop') return;
    await server.stop();
    await db.close();
    port.postMessage({ type: 'stopped' } satisfies WorkerEvent);
  });
  port?.postMessage({ type: 'ready' } satisfies WorkerEvent);
}

main().catch((error: unknown) => {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  } satisfies WorkerEvent);
});
