import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { type Config, loadConfig } from '../../../platform/config.js';
import { createLogger, type Logger } from '../../../platform/logger.js';
import type { AnyJobDefinition, JobDeps } from '../job-definition.js';
import { JobRegistry } from '../job-registry.js';
import { JobWorker, type WorkerOptions } from '../worker.js';

/** A fresh database with the deps a job runtime needs, and helpers to drive workers in tests. */
export interface JobTestKit {
  database: Database;
  deps: JobDeps;
  logs: string[];
  /** Starts a worker for `definitions` with fast polling; stopped by `close`. */
  startWorker(definitions: AnyJobDefinition[], options?: Partial<WorkerOptions>): JobWorker;
  /** Rows of a query on the test database. */
  rows<R>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/** Polls `check` every 20 ms until it returns a truthy value, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Builds a {@link JobTestKit} on the suite's engine. */
export async function createJobTestKit(env: Record<string, string> = {}): Promise<JobTestKit> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logger: Logger = createLogger('debug', {}, (line) => logs.push(line));
  const config: Config = loadConfig(env);
  const deps: JobDeps = { config, database, logger };
  const workers: JobWorker[] = [];
  let seq = 0;
  return {
    database,
    deps,
    logs,
    startWorker(definitions, options = {}) {
      seq += 1;
      const worker = new JobWorker(
        new JobRegistry(definitions),
        deps,
        {
          concurrency: 4,
          leaseMs: 5_000,
          pollIntervalMs: 20,
          owner: `test-worker-${seq}`,
          hostname: 'test',
          ...options,
        },
        logger,
      );
      worker.start();
      workers.push(worker);
      return worker;
    },
    async rows<R>(text: string, values: unknown[] = []) {
      const result = await database.pool.query(text, values);
      return result.rows as R[]; // the caller names the columns it selects
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop(0)));
      await database.close();
    },
  };
}
