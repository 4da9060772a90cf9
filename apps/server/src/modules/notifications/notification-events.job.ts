import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob } from '../jobs/job-definition.js';
import { drainEvents } from './event-consumer.js';

/** How long one consumer run keeps polling; the schedule starts the next one each minute. */
const RUN_BUDGET_MS = 55_000;
/** Pause between polls of an empty queue. */
const IDLE_POLL_MS = 250;

/**
 * The event consumer's run: for about a minute it drains the event queue and polls it every 250 ms, so
 * an event waits well under a second while job history gets one row a minute. Rules, silences,
 * inhibitions, wait-for, repeats and groups decide each event's messages (event-consumer.ts). Two runs
 * at once (a slow one overlapping the next) never consume an event twice.
 */
export const notificationEventsJob = defineJob({
  name: 'notification_events',
  payload: z.object({}),
  maxAttempts: 1,
  timeoutMs: 90_000,
  resourceType: 'notification',
  schedule: { schedule: '@every 1m', payload: {} },
  async handler({ signal, job, deps }) {
    const owner = `${hostname()}:${process.pid}:${job.id}`;
    const deadline = Date.now() + RUN_BUDGET_MS;
    const total = { processed: 0, failed: 0, messages: 0 };
    while (!signal.aborted && Date.now() < deadline) {
      const result = await drainEvents({ pool: deps.database.pool, owner, deadline, signal });
      total.processed += result.processed;
      total.failed += result.failed;
      total.messages += result.messages;
      if (result.processed === 0 && result.failed === 0)
        await sleep(IDLE_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
    if (total.processed === 0 && total.failed === 0) return { status: 'SKIPPED' };
    return { successCount: total.processed, errorCount: total.failed, details: { summary: total } };
  },
});
