/**
 * How the upstream hears of queued agent work (migration 0265's `mc_agent_work` notifications) for its
 * held polls (agent-work-waits.ts): a dedicated LISTEN connection on PostgreSQL, so work queued on any
 * replica wakes the replica holding the agent's poll; the wire server's reports on the embedded database
 * (one process; channel only, no payload).
 */
import { type Database, onEmbeddedNotification } from '@mc/db';
import pg from 'pg';
import type { Logger } from '../../../platform/logger.js';

/** The channel queued agent work notifies (migration 0265), with `<kind>:<agent id>`. */
const AGENT_WORK_CHANNEL = 'mc_agent_work';
const RECONNECT_MS = 1_000;

/** What the listener reports: each notification's payload (undefined: any agent's), and whether it listens. */
export interface AgentWorkEvents {
  notified(payload: string | undefined): void;
  listening(now: boolean): void;
}

/** PostgreSQL: one LISTEN connection, reconnected after a loss until stopped. */
function listenPostgres(url: string, logger: Logger, events: AgentWorkEvents) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    const next = new pg.Client({ connectionString: url, application_name: 'mission-control-agent-work' });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      events.listening(false);
      next.end().catch(() => {});
      if (stopped) return;
      logger.warn('agent work listener connection lost; reconnecting', { error: error?.message });
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    };
    next.on('notification', (message) => events.notified(message.payload));
    next.on('error', lost);
    next.on('end', () => lost());
    next
      .connect()
      .then(() => next.query(`LISTEN ${AGENT_WORK_CHANNEL}`))
      .then(() => {
        if (client === next) events.listening(true);
      })
      .catch((error: Error) => lost(error));
  };
  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.end().catch(() => {});
    },
  };
}

/** The embedded database: LISTEN on its one session, and the wire server's reports of committed notifications. */
function listenEmbedded(database: Database, endpoint: { socketDir: string }, logger: Logger, events: AgentWorkEvents) {
  const subscription = onEmbeddedNotification(endpoint, (channel) => {
    if (channel === AGENT_WORK_CHANNEL) events.notified(undefined);
  });
  let stopped = false;
  database.pool
    .query(`LISTEN ${AGENT_WORK_CHANNEL}`)
    .then(() => {
      if (!stopped) events.listening(true);
    })
    .catch((error: Error) => logger.warn('agent work LISTEN failed', { error: error.message }));
  return {
    stop() {
      stopped = true;
      subscription.close();
    },
  };
}

/**
 * Starts listening for queued agent work on `database`; undefined when it cannot be heard (an in-process
 * test database has no endpoint): the held polls then look again every second.
 */
export function listenForAgentWork(database: Database, logger: Logger, events: AgentWorkEvents) {
  const { endpoint } = database;
  if (endpoint?.engine === 'postgres') return listenPostgres(endpoint.url, logger, events);
  if (endpoint?.engine === 'pglite') return listenEmbedded(database, endpoint, logger, events);
  return undefined;
}
