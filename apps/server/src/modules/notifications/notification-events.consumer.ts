import type { ConsumerDefinition } from '../jobs/index.js';
import { drainEvents } from './event-consumer.js';

/** The channel the event queue's insert trigger notifies on commit (migration 0163). */
export const EVENTS_CHANNEL = 'mc_events';

/**
 * The notification event consumer, run continuously by the job runtime of every process that runs
 * jobs, from its start (issue 26: a scheduled consumer first ran at the next whole minute and left
 * five seconds of every minute uncovered). Each pass drains the queue (event-consumer.ts: rules,
 * silences, inhibitions, wait-for, repeats and groups) under the process's lease token, so replicas
 * share the events and none is consumed twice; a killed process's claims return after the lease. On
 * PostgreSQL an event's commit wakes it (LISTEN `mc_events`) and a 1 s poll is the safety net; on the
 * embedded database it polls every 250 ms, as the scheduled consumer did.
 */
export const notificationEventsConsumer: ConsumerDefinition = {
  name: 'notification events',
  channel: EVENTS_CHANNEL,
  pollMs: { listening: 1_000, polling: 250 },
  async pass({ deps, owner, leaseMs, signal }) {
    // LISTEN wakes the loop for every new event on PostgreSQL only (the job runtime listens there).
    const endWhenShort = deps.database.engine === 'postgres';
    const { messages } = await drainEvents({ pool: deps.database.pool, owner, leaseMs, signal, endWhenShort });
    return { enqueued: messages > 0 };
  },
};
