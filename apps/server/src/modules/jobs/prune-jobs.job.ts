import { z } from 'zod';
import { defineJob, RETENTION_FIRST_RUN_MS } from './job-definition.js';
import { deleteFinishedJobs, deleteOldJobHistory } from './jobs.repo.js';

/** Rows deleted per statement, so retention never holds long locks on a big table. */
const BATCH = 5_000;

/** Repeats a batched delete until a batch comes back short (or the job is aborted); returns the total. */
async function deleteInBatches(remove: () => Promise<number>, signal: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await remove();
    total += deleted;
    if (deleted < BATCH || signal.aborted) return total;
  }
}

/**
 * Retention for the queue itself: deletes finished jobs (succeeded, dead, cancelled) and
 * job_history rows past their retention, in batches. Runs hourly; safe to run twice.
 */
export const pruneJobsJob = defineJob({
  name: 'prune_job_queue',
  payload: z.object({
    jobsRetentionDays: z.number().int().min(1).default(7),
    historyRetentionDays: z.number().int().min(1).default(30),
  }),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 5 * 60_000, startAfterMs: RETENTION_FIRST_RUN_MS },
  async handler({ payload, signal, deps }) {
    const pool = deps.database.pool;
    const jobs = await deleteInBatches(() => deleteFinishedJobs(pool, payload.jobsRetentionDays, BATCH), signal);
    const history = await deleteInBatches(() => deleteOldJobHistory(pool, payload.historyRetentionDays, BATCH), signal);
    return { successCount: jobs + history, details: { summary: { jobs_deleted: jobs, job_history_deleted: history } } };
  },
});
