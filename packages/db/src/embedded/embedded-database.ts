import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { lockDataDir } from '../data-dir-lock.js';
import { type Database, JOBS_APPLICATION_NAME, wrapPool } from '../database.js';
import { migratedSnapshotFile } from '../migrated-snapshot.js';
import { waitForWorkerSignal } from '../worker-signal.js';
import type { WorkerEvent, WorkerRequest } from './pglite-worker.js';

const SOCKET_PORT = 5432;

/**
 * Opens the embedded database for a server process: PGlite runs in a worker thread behind its
 * wire server on a private unix socket, so a heavy query never blocks the HTTP event loop, and the
 * job thread connects to the same socket with its own pool (the wire server serves it first).
 * The data directory is locked for this process; a second process gets a clear error. A data directory
 * that holds no database yet is restored from the migrated snapshot when one was built (`npm run build`).
 */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const absolute = resolve(dataDir);
  const release = lockDataDir(absolute);
  const socketDir = mkdtempSync(join(tmpdir(), 'mc-pglite-'));
  let worker: Worker;
  try {
    worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), {
      workerData: {
        dataDir: join(absolute, 'pgdata'),
        socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
        maxConnections: 8,
        snapshotFile: migratedSnapshotFile(),
        priorityApplication: JOBS_APPLICATION_NAME,
      },
    });
    await waitForWorkerSignal(worker, 'ready', 'Embedded database');
  } catch (error) {
    release();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  // One connection: PGlite is a single session, so more would only queue in the wire server. Another
  // thread (the job thread) opens its own through `endpoint`; the wire server keeps the two apart.
  const pool = new pg.Pool({ host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', () => {});
  const endpoint = { engine: 'pglite' as const, socketDir, port: SOCKET_PORT };
  const database = wrapPool(
    'pglite',
    pool,
    async () => {
      const stopped = waitForWorkerSignal(worker, 'stopped', 'Embedded database');
      worker.postMessage({ type: 'stop' } satisfies WorkerRequest);
      await stopped;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
      release();
    },
    endpoint,
  );
  return { ...database, backup: backupThrough(worker) };
}

/** Asks the database worker for a backup (see pglite-worker.ts) and waits for its answer. */
function backupThrough(worker: Worker): (file: string) => Promise<number> {
  let nextId = 1;
  return (file) => {
    const id = nextId++;
    return new Promise<number>((done, fail) => {
      const onMessage = (event: WorkerEvent) => {
        if ((event.type !== 'backed-up' && event.type !== 'backup-failed') || event.id !== id) return;
        worker.off('message', onMessage);
        if (event.type === 'backed-up') done(event.bytes);
        else fail(new Error(`Backup failed: ${event.message}`));
      };
      worker.on('message', onMessage);
      worker.postMessage({ type: 'backup', id, file: resolve(file) } satisfies WorkerRequest);
    });
  };
}
