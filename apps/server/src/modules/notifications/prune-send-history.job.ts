import { SEND_HISTORY_RETENTION_DAYS } from '@mc/contracts';
import { z } from 'zod';
import { defineJob, RETENTION_FIRST_RUN_MS } from '../jobs/index.js';
import { pruneHistory } from './history.repo.js';

/** The property holding the send history's retention in days. */
export const SEND_HISTORY_RETENTION_PROPERTY = 'notifications.send_history.retention.days';

const BATCH = 5_000;

/** Hourly retention of the send history (default {@link SEND_HISTORY_RETENTION_DAYS} days), in batches. */
export const pruneSendHistoryJob = defineJob({
  name: 'notification_send_history_retention',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 5 * 60_000, startAfterMs: RETENTION_FIRST_RUN_MS },
  async handler({ signal, deps }) {
    const pool = deps.database.pool;
    const { rows } = await pool.query<{ value: string }>(
      'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
      [SEND_HISTORY_RETENTION_PROPERTY],
    );
    const configured = Number(rows[0]?.value);
    const days = Number.isFinite(configured) && configured > 0 ? configured : SEND_HISTORY_RETENTION_DAYS;
    let total = 0;
    for (;;) {
      const deleted = await pruneHistory(pool, days, BATCH);
      total += deleted;
      if (deleted < BATCH || signal.aborted) break;
    }
    return { successCount: total, details: { summary: { deleted: total, days } } };
  },
});
