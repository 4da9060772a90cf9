import { type Database, onEmbeddedNotification } from '@mc/db';
import pg from 'pg';
import type { Logger } from '../../platform/logger.js';

/** The channel every enqueue notifies (on commit) so idle workers wake at once. */
export const JOBS_CHANNEL = 'mc_jobs';
/** The channel every schedule upsert notifies (on commit), so a sleeping scheduler sees a sooner tick. */
export const SCHEDULES_CHANNEL = 'mc_schedules';
const RECONNECT_MS = 1_000;

/** A LISTEN connection that can be closed. */
export interface JobListener {
  stop(): Promise<void>;
}

/**
 * The embedded database's counterpart of {@link listenForJobs}: LISTENs on each channel of `wakes` (on
 * PGlite's one session, so it holds whichever connection sent it) and calls that channel's function for
 * each notification the database's wire server reports to this process's threads (embedded-notifications.ts
 * in @mc/db), then every function once, for whatever was committed before. Needs the database's
 * `endpoint` (an in-process test database has none: undefined, and the loops poll).
 */
export async function listenEmbedded(
  database: Database,
  wakes: Record<string, () => void>,
): Promise<JobListener | undefined> {
  const { endpoint } = database;
  if (endpoint?.engine !== 'pglite') return undefined;
  const subscription = onEmbeddedNotification(endpoint, (channel) => wakes[channel]?.());
  await database.pool.query(
    Object.keys(wakes)
      .map((channel) => `LISTEN ${channel}`)
      .join('; '),
  );
  for (const wake of Object.values(wakes)) wake();
  return {
    async stop() {
      subscription.close();
    },
  };
}

/**
 * PostgreSQL only: holds one dedicated connection LISTENing on each channel of `wakes` (the job
 * runtime's: {@link JOBS_CHANNEL} for its worker, each consumer's channel) and calls that channel's
 * function for each notification, reconnecting after a lost connection. Polling still runs, so a
 * missed notification only costs latency, and every channel's function runs once each time the
 * connection starts listening. Not used on PGlite, where a held connection would block
 * its single session.
 */
export function listenForJobs(url: string, wakes: Record<string, () => void>, logger: Logger): JobListener {
  let stopping = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Channel names are the code's own identifiers, never input; one round trip listens on all of them.
  const listen = Object.keys(wakes)
    .map((channel) => `LISTEN ${channel}`)
    .join('; ');
  const connect = () => {
    if (stopping) return;
    const next = new pg.Client({ connectionString: url, application_name: 'mission-control-listen' });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      if (stopping) return;
      logger.warn('job listener connection lost; reconnecting', { error });
      retry = setTimeout(connect, RECONNECT_MS);
    };
    next.on('notification', (message) => wakes[message.channel]?.());
    next.on('error', lost);
    next.on('end', () => lost());
    next
      .connect()
      .then(() => next.query(listen))
      // whatever arrived while no connection listened is picked up now, not at the next poll
      .then(() => {
        for (const wake of Object.values(wakes)) wake();
      })
      .catch((error: Error) => lost(error));
  };
  connect();
  return {
    async stop() {
      stopping = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
