import { z } from 'zod';
import { defineJob, RETENTION_FIRST_RUN_MS } from '../../jobs/index.js';
import { prunePushReceipts } from './upstream.repo.js';

/**
 * How long a push receipt is kept: far longer than any agent retries an acknowledged-but-unanswered
 * push (its back-off tops out at 30 s; a buffer replayed after a long outage is still inside it), and a
 * result replayed later than this is still stored once — the result writer ignores a second row for the
 * same check and time.
 */
export const PUSH_RECEIPT_RETENTION_DAYS = 7;

const BATCH = 10_000;

/**
 * Hourly retention of agent_push_receipts, in batches. Without it the table grew by one row per pushed
 * result for ever (20 agents × 1,000 checks every 30 s: 58 million rows a day).
 */
export const prunePushReceiptsJob = defineJob({
  name: 'agent_push_receipts_retention',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 5 * 60_000, startAfterMs: RETENTION_FIRST_RUN_MS },
  async handler({ signal, deps }) {
    let total = 0;
    for (;;) {
      const deleted = await prunePushReceipts(deps.database.pool, PUSH_RECEIPT_RETENTION_DAYS, BATCH);
      total += deleted;
      if (deleted < BATCH || signal.aborted) break;
    }
    return { successCount: total, details: { summary: { deleted: total, days: PUSH_RECEIPT_RETENTION_DAYS } } };
  },
});
