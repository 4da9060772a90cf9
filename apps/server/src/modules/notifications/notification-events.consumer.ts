import type { ConsumerDefinition } from '../jobs/index.js';
import { drainEvents } from './event-consumer.js';

/** The channel the event queue's insert trigger notifies on commit (migration 0163). */
export const EVENTS_CHANNEL = 'mc_events';

/**
 * The notification event consumer, run continuously by the job runtime of every process that runs
 * jobs, from its start (issue 26: a scheduled consumer first ran at the next whole minute and left
 * five seconds of every minute uncovered). Each pass drains the queue (event-consumer.ts: rules,
 * silences, inhibitions, wait-for, repeats and groups) under the process's lease token, so replicas
 * share the events and none is consumed twice; a killed process's claims return after the lease. An
 * event's commit wakes it (`mc_events`: LISTEN on PostgreSQL, the wire server's reports on the embedded
 * database) and a 1 s poll is the safety net; with no notifications (an in-process test database) it
 * polls every 250 ms.
 */
export const notificationEventsConsumer: ConsumerDefinition = {
  name: 'notification events',
  channel: EVENTS_CHANNEL,
  pollMs: { listening: 1_000, polling: 250 },
  async pass({ deps, owner, leaseMs, signal, listening }) {
    // A notification wakes the loop for every new event, so a short claim ends the pass.
    const { messages } = await drainEvents({
      pool: deps.database.pool,
      owner,
      leaseMs,
      signal,
      endWhenShort: listening,
    });
    return { enqueued: messages > 0 };
  },
};
