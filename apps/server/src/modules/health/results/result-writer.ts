/**
 * Coalesces the results of scheduled runs into batches: the runs finishing within
 * {@link RESULT_BATCH_WINDOW_MS} of each other (a canary's checks, and the other canaries of the same
 * tick) are stored by one statement (recordResultBatch: prepared on PostgreSQL) instead of one transaction each — the largest
 * share of a run's database CPU was per-statement work (parse, plan, trigger, commit). A run's promise
 * settles once its row is stored, so a job never reports success before its results exist.
 */
import type { Database } from '@mc/db';
import { type ResultEntry, recordResultBatch } from './results.repo.js';

/** How long the first result of a batch waits for others. */
export const RESULT_BATCH_WINDOW_MS = 100;

/** Most results in one statement. */
export const RESULT_BATCH_MAX = 500;

interface Pending {
  entry: ResultEntry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Stores results in batches. */
export interface ResultWriter {
  write(entry: ResultEntry): Promise<void>;
}

/** A writer for one database. */
export function createResultWriter(database: Pick<Database, 'engine' | 'pool' | 'db'>): ResultWriter {
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;

  const store = async (batch: Pending[]) => {
    try {
      await recordResultBatch(
        database,
        batch.map((p) => p.entry),
      );
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad row (say a NUL character in a message) must not lose the others: store them one by one.
      for (const p of batch) {
        await recordResultBatch(database, [p.entry]).then(p.resolve, p.reject);
      }
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) void store(batch);
  };

  return {
    write(entry) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        if (queue.length >= RESULT_BATCH_MAX) flush();
        else timer ??= setTimeout(flush, RESULT_BATCH_WINDOW_MS);
      });
    },
  };
}
