import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { preparedReadsOf } from '@mc/db';
import type { ConsumerContext, ConsumerDefinition } from './consumer-definition.js';
import type { JobDeps } from './job-definition.js';
import { JOBS_CHANNEL, listenEmbedded, listenForJobs, SCHEDULES_CHANNEL } from './job-listener.js';
import type { JobRegistry } from './job-registry.js';
import { reapExpiredLeases } from './jobs.repo.js';
import { type PollLoop, startPollLoop } from './poll-loop.js';
import { fireDueSchedules, SCHEDULER_BATCH } from './scheduler.js';
import { msUntilNextSchedule } from './schedules.repo.js';
import { upsertSchedule } from './schedules.service.js';
import { JobWorker } from './worker.js';

/**
 * The longest the scheduler sleeps: it sleeps until the earliest schedule is due, and a schedule's upsert
 * wakes it ({@link SCHEDULES_CHANNEL}), so this only bounds a missed notification's delay.
 */
export const SCHEDULER_INTERVAL_MS = 10_000;
/**
 * The idle worker's poll when notifications wake it (an enqueue's, a reaped lease's, a retry's own
 * due time): only a safety net. Without them it polls every MC_JOB_POLL_INTERVAL_MS.
 */
export const LISTENING_POLL_MS = 10_000;
/** The scheduler's next look when a due schedule was fired by another replica (or is locked by it). */
const SCHEDULER_RETRY_MS = 100;

/** The workers, scheduler and reaper of one process. */
export interface JobRuntime {
  worker: JobWorker;
  /** Stops claiming and firing, gives running jobs `timeoutMs` to finish, hands back the rest. */
  stop(timeoutMs: number): Promise<void>;
}

/** A lease token unique to this process: a reclaimed job's stale worker can never match it. */
export function leaseOwner(host: string = hostname()): string {
  return `${host}/${process.pid}/${randomBytes(4).toString('hex')}`;
}

/**
 * Starts the job runtime of a worker process: declares the definitions' own schedules (a schedule
 * declared for the first time fires at once or after its `startAfterMs`, then on its ticks), then runs the worker (claims and runs
 * jobs), the scheduler (fires due schedules), the reaper (returns expired leases to pending) and one
 * loop per consumer of the registry (from this moment on, woken by its channel on PostgreSQL, polling
 * as a safety net). Every replica runs them all; the database keeps them from colliding.
 */
export async function startJobRuntime(deps: JobDeps, registry: JobRegistry): Promise<JobRuntime> {
  const { config, database, logger } = deps;
  const log = logger.child({ component: 'jobs' });
  for (const definition of registry.all()) {
    if (!definition.schedule) continue;
    await upsertSchedule(database.pool, {
      name: definition.name,
      schedule: definition.schedule.schedule,
      job: definition,
      payload: definition.schedule.payload,
      jitterMs: definition.schedule.jitterMs,
      // A fresh install, or a schedule new in this version, does not wait for its first tick.
      startAt: new Date(Date.now() + (definition.schedule.startAfterMs ?? 0)),
    });
  }
  const host = hostname();
  const owner = leaseOwner(host);
  // Whether notifications wake the loops (PostgreSQL: a LISTEN connection; embedded: the wire server's
  // reports): then their polls are only a safety net.
  const listenUrl = database.engine === 'postgres' ? config.DATABASE_URL : undefined;
  const listening = !!listenUrl || database.endpoint?.engine === 'pglite';
  const worker = new JobWorker(
    registry,
    deps,
    {
      concurrency: config.MC_WORKER_CONCURRENCY,
      leaseMs: config.MC_JOB_LEASE_MS,
      pollIntervalMs: listening ? LISTENING_POLL_MS : config.MC_JOB_POLL_INTERVAL_MS,
      owner,
      hostname: host,
    },
    log,
  );
  worker.start();
  const stopping = new AbortController();
  const consumers = registry.consumers.map((consumer) =>
    startConsumerLoop(
      consumer,
      { deps, owner, leaseMs: config.MC_JOB_LEASE_MS, signal: stopping.signal, listening },
      {
        wakeWorker: () => worker.wake(),
        logger: log,
      },
    ),
  );
  const loops: PollLoop[] = [
    // Sleeps until the earliest schedule is due (at most SCHEDULER_INTERVAL_MS; an upserted schedule wakes
    // it), so a tick fires on time; an idle pass is one statement, the firing transaction only runs when due.
    // Its wake-up read runs prepared (@mc/db's preparedReadsOf): the same text at every pass.
    startPollLoop('scheduler', SCHEDULER_INTERVAL_MS, log, async () => {
      const due = await msUntilNextSchedule(preparedReadsOf(database), registry.names());
      if (due === null || due > 0) return due ?? false;
      const fired = await fireDueSchedules(database.pool, registry, log);
      if (fired > 0) worker.wake();
      if (fired === SCHEDULER_BATCH) return true;
      // Due but fired by another replica, or still locked by it: look again shortly, not in a tight loop.
      return Math.max(
        SCHEDULER_RETRY_MS,
        (await msUntilNextSchedule(preparedReadsOf(database), registry.names())) ?? 0,
      );
    }),
    startPollLoop('lease reaper', Math.max(500, Math.floor(config.MC_JOB_LEASE_MS / 2)), log, async () => {
      const reaped = await reapExpiredLeases(database.pool, host);
      if (reaped > 0) {
        log.warn('returned jobs with expired leases', { jobs: reaped });
        worker.wake();
      }
      return false;
    }),
  ];
  const scheduler = loops[0];
  const wakes: Record<string, () => void> = Object.fromEntries([
    [JOBS_CHANNEL, () => worker.wake()],
    [SCHEDULES_CHANNEL, () => scheduler?.wake()],
    ...registry.consumers.map((consumer, index) => [consumer.channel, () => consumers[index]?.wake()]),
  ]);
  const listener = listenUrl ? listenForJobs(listenUrl, wakes, log) : await listenEmbedded(database, wakes);
  log.info('job runtime started', { jobs: registry.names().length, concurrency: config.MC_WORKER_CONCURRENCY });
  return {
    worker,
    async stop(timeoutMs) {
      stopping.abort();
      await Promise.all([...[...loops, ...consumers].map((loop) => loop.stop()), listener?.stop()]);
      await worker.stop(timeoutMs);
      log.info('job runtime stopped');
    },
  };
}

/**
 * One consumer's loop: a pass at once, then after its idle poll (longer when notifications wake
 * it) or as soon as woken (a wake during a pass starts the next one right after it). A pass that queued
 * jobs wakes this process's worker, so a message does not wait for the worker's poll either.
 */
function startConsumerLoop(
  consumer: ConsumerDefinition,
  context: ConsumerContext,
  { wakeWorker, logger }: { wakeWorker: () => void; logger: JobDeps['logger'] },
): PollLoop {
  const idleMs = context.listening ? consumer.pollMs.listening : consumer.pollMs.polling;
  return startPollLoop(consumer.name, idleMs, logger, async () => {
    const { enqueued } = await consumer.pass(context);
    if (enqueued) wakeWorker();
    return false;
  });
}
