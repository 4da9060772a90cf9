/**
 * The job thread: in a process that serves HTTP and runs jobs (`MC_ROLE=all`, the default), the job
 * runtime — workers, scheduler, lease reaper, and so the check runner — runs in its own worker thread
 * with its own database pool. A burst of requests that keeps the HTTP event loop busy (ten consoles
 * polling a multi-megabyte health summary) then cannot delay a check's tick: the thread has its own
 * event loop, timers and connections. It behaves as a separate worker process would (the queue keeps
 * replicas apart), only without a second process to run.
 */
import { stat } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type DatabaseEndpoint, waitForWorkerSignal } from '@mc/db';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { type CanaryCheckRun, recordCanaryCheck } from '../../platform/metrics/canary-check-metrics.js';
import { type CheckMetric, recordCheckMetric } from '../../platform/metrics/check-metrics.js';
import { countCheckRun, type PoolFigures, recordJobThreadPool } from '../../platform/metrics/metrics-registry.js';
import type { JobDeps } from './job-definition.js';
import type { JobRegistry } from './job-registry.js';
import { startJobRuntime } from './job-runtime.js';

/** What the job thread receives when it starts. */
export interface JobThreadInput {
  config: Config;
  endpoint: DatabaseEndpoint;
}

/** Messages the parent sends the job thread. */
export type JobThreadRequest = { type: 'stop'; timeoutMs: number };

/** Messages the job thread sends its parent. */
export type JobThreadEvent =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'error'; message: string }
  | { type: 'check-runs'; counts: { type: string; status: string; runs: number }[] }
  | { type: 'check-metrics'; metrics: CheckMetric[] }
  | { type: 'canary-checks'; runs: CanaryCheckRun[] }
  | ({ type: 'db-pool' } & PoolFigures);

/** The running job thread. */
export interface JobThread {
  /** The worker thread's id (changes when a crashed thread is replaced). */
  readonly threadId: number;
  /** Stops claiming and firing, gives running jobs `timeoutMs` to finish (the rest go back), ends the thread. */
  stop(timeoutMs: number): Promise<void>;
}

/** Wait before a thread that died unexpectedly is replaced. */
export const JOB_THREAD_RESTART_MS = 1_000;

/** Extra time past the shutdown bound for the thread to report back before it is terminated. */
const STOP_GRACE_MS = 5_000;

function spawn(entry: URL, input: JobThreadInput, logger: Logger): Promise<Worker> {
  const worker = new Worker(entry, { workerData: input });
  worker.on('message', (event: JobThreadEvent) => {
    if (event.type === 'check-metrics') for (const metric of event.metrics) recordCheckMetric(metric);
    if (event.type === 'canary-checks') for (const run of event.runs) recordCanaryCheck(run);
    if (event.type === 'db-pool') recordJobThreadPool(event);
    if (event.type !== 'check-runs') return;
    for (const count of event.counts) countCheckRun(count.type, count.status, count.runs);
  });
  return waitForWorkerSignal(worker, 'ready', 'The job thread').then(
    () => worker,
    (error: unknown) => {
      logger.error('job thread failed to start', { error });
      void worker.terminate();
      throw error;
    },
  );
}

/**
 * Starts the job runtime in a worker thread whose module is `entry` (the composition root's, which holds
 * the job registry) on `input.endpoint` (resolves once it runs). A thread that
 * dies unexpectedly is logged and replaced after {@link JOB_THREAD_RESTART_MS}; its jobs return to the
 * queue when their leases expire, as a crashed worker process's would.
 */
export async function startJobThread(entry: URL, input: JobThreadInput, logger: Logger): Promise<JobThread> {
  const log = logger.child({ component: 'job-thread' });
  let worker = await spawn(entry, input, log);
  let stopping = false;
  let restart: ReturnType<typeof setTimeout> | undefined;
  const scheduleRestart = () => {
    restart = setTimeout(() => {
      spawn(entry, input, log).then(
        (next) => {
          if (stopping) {
            void next.terminate();
            return;
          }
          worker = next;
          watch(next);
          log.info('job thread started', { threadId: next.threadId });
        },
        (error: unknown) => {
          log.error('job thread could not restart', { error });
          if (!stopping) scheduleRestart();
        },
      );
    }, JOB_THREAD_RESTART_MS);
  };
  const watch = (current: Worker) => {
    current.on('error', (error) => log.error('job thread failed', { error }));
    current.once('exit', (code) => {
      if (stopping) return;
      log.error('job thread exited; starting a new one', { code, restartInMs: JOB_THREAD_RESTART_MS });
      scheduleRestart();
    });
  };
  watch(worker);
  log.info('job thread started', { threadId: worker.threadId });
  return {
    get threadId() {
      return worker.threadId;
    },
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(restart);
      const current = worker;
      const stopped = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs + STOP_GRACE_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        current.on('message', (event: JobThreadEvent) => {
          if (event.type === 'stopped') done();
        });
        current.once('exit', done);
      });
      current.postMessage({ type: 'stop', timeoutMs } satisfies JobThreadRequest);
      await stopped;
      await current.terminate();
      log.info('job thread stopped');
    },
  };
}

/** The job runtime of a process, wherever it runs. */
export interface ProcessJobs {
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts the process's job runtime: in the job thread when the process also serves HTTP
 * (`MC_ROLE=all`) and its database can be reached from another thread, else on this thread (a
 * `worker` process has no HTTP loop to protect).
 */
export async function startProcessJobs(
  deps: JobDeps,
  jobs: { registry: JobRegistry; threadEntry: URL },
): Promise<ProcessJobs> {
  const { config, database, logger } = deps;
  if (config.MC_ROLE === 'all' && database.endpoint) {
    const thread = await startJobThread(jobs.threadEntry, { config, endpoint: database.endpoint }, logger);
    await lowerHttpThreadPriority(logger);
    return thread;
  }
  return startJobRuntime(deps, jobs.registry);
}

/**
 * How much lower the HTTP (main) thread's CPU priority is than the job thread's in `MC_ROLE=all`:
 * `MC_HTTP_THREAD_NICE`, default 10, 0 to leave it. Linux only.
 */
export const HTTP_THREAD_NICE = Number(process.env.MC_HTTP_THREAD_NICE ?? 10);

/**
 * Lowers the calling (main, HTTP) thread's CPU priority by {@link HTTP_THREAD_NICE}, once the job
 * thread exists. A separate event loop keeps a busy HTTP loop from delaying a tick, but not from
 * taking the CPU: ten clients polling back-to-back saturate a small machine whatever each answer
 * costs, and the check runner then waits for its share. With the HTTP thread niced, the kernel gives
 * the job thread (and the embedded database's thread, started earlier) the CPU first; readers get the
 * rest. On Linux the nice value is per thread and a new thread inherits its creator's, so this runs
 * after the job thread started and after the libuv pool (shared by both threads: DNS, files, zlib)
 * exists — a job thread that replaces a dead one inherits the lower priority. Elsewhere nice is
 * per process, so nothing changes.
 */
async function lowerHttpThreadPriority(logger: Logger): Promise<void> {
  if (process.platform !== 'linux' || !(HTTP_THREAD_NICE > 0)) return;
  await stat(process.cwd()); // the libuv pool starts all its threads on first use
  try {
    setPriority(Math.min(19, getPriority() + HTTP_THREAD_NICE));
    logger.info('http thread runs at a lower CPU priority than the job thread', { nice: getPriority() });
  } catch (error) {
    logger.warn('could not lower the http thread priority', { error });
  }
}
