import { z } from 'zod';
import { defineJob } from '../jobs/index.js';
import { deliverHistoryWithJob } from './deliver.js';

/**
 * Sends one message of the send history (queued by the event consumer, at its wait-for or group time).
 * Retried with backoff on a provider error or timeout; after the last attempt the row ends `error`
 * with the provider's answer. A sent message's row settles in the job's completion statement.
 */
export const sendNotificationJob = defineJob({
  name: 'notification_send',
  payload: z.object({ historyId: z.string() }),
  maxAttempts: 4,
  backoff: { baseMs: 5_000, maxMs: 5 * 60_000 },
  timeoutMs: 60_000,
  resourceType: 'notification',
  async handler({ payload, signal, job, deps }) {
    const { status, finishWith } = await deliverHistoryWithJob(
      { database: deps.database, config: deps.config, signal, attempt: job.attempt, maxAttempts: job.maxAttempts },
      payload.historyId,
    );
    return {
      status: status === 'sent' ? 'SUCCESS' : 'SKIPPED',
      successCount: status === 'sent' ? 1 : 0,
      details: { status },
      finishWith,
    };
  },
});
