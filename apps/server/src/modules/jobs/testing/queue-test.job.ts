import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/** Tables the multi-process test creates for {@link queueTestJob}. */
export const QUEUE_TEST_TABLES = `
  CREATE TABLE queue_test_done (job_id uuid PRIMARY KEY, pid integer NOT NULL, done_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE queue_test_executions (job_id uuid NOT NULL, attempt integer NOT NULL, pid integer NOT NULL,
                                      at timestamptz NOT NULL DEFAULT clock_timestamp());
`;

/**
 * The job of the multi-process test, written the way every handler must be: safe to run again.
 * Each execution is counted; the result row is inserted ON CONFLICT DO NOTHING, so a job run twice
 * (after its worker was killed) still leaves exactly one result.
 */
export const queueTestJob = defineJob({
  name: 'queue_test',
  payload: z.object({ n: z.number().int(), workMs: z.number().int().min(0).default(15) }),
  maxAttempts: 5,
  backoff: { baseMs: 100, maxMs: 1_000 },
  timeoutMs: 10_000,
  async handler({ payload, job, signal, deps }) {
    const pool = deps.database.pool;
    await pool.query('INSERT INTO queue_test_executions (job_id, attempt, pid) VALUES ($1, $2, $3)', [
      job.id,
      job.attempt,
      process.pid,
    ]);
    await new Promise((resolve) => setTimeout(resolve, payload.workMs));
    signal.throwIfAborted();
    await pool.query('INSERT INTO queue_test_done (job_id, pid) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING', [
      job.id,
      process.pid,
    ]);
    return { successCount: 1 };
  },
});
