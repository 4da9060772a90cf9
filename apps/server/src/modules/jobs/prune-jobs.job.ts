import { z } from 'zod';
import { defineJob } from './job-definition.js';
import { deleteFinishedJobs, deleteOldJobHistory } from './jobs.repo.js';

/** Rows deleted per statement, so retention never holds long locks on a big table. */
const BATCH = 5_000;

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
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 5 * 60_000 },
  async handler({ payload, signal, deps }) {
    const pool = deps.database.pool;
    let jobs = 0;
    let history = 0;
    for (let deleted = BATCH; deleted === BATCH && !signal.aborted; jobs += deleted) {
      deleted = await deleteFinishedJobs(pool, payload.jobsRetentionDays, BATCH);
    }
    for (let deleted = BATCH; deleted === BATCH && !signal.aborted; history += deleted) {
      deleted = await deleteOldJobHistory(pool, payload.historyRetentionDays, BATCH);
    }
    return { successCount: jobs + history, details: { summary: { jobs_deleted: jobs, job_history_deleted: history } } };
  },
});
