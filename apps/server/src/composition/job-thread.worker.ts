/**
 * The job thread's side (see job-thread.ts): opens its own pool on the server's database, runs the
 * job runtime — workers, scheduler, lease reaper — and stops it gracefully when the parent asks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectEndpoint, JOBS_APPLICATION_NAME } from '@mc/db';
import type { JobThreadEvent, JobThreadInput, JobThreadRequest } from '../modules/jobs/index.js';
import { startJobRuntime } from '../modules/jobs/index.js';
import { startLogCapture } from '../modules/logs/index.js';
import { createLogger } from '../platform/logger.js';
import { type CanaryCheckRun, forwardCanaryChecksTo } from '../platform/metrics/canary-check-metrics.js';
import { type CheckMetric, forwardCheckMetricsTo } from '../platform/metrics/check-metrics.js';
import { forwardCheckRunsTo } from '../platform/metrics/metrics-registry.js';
import { startTracing } from '../platform/tracing/start-tracing.js';
import { installPorts } from './install-ports.js';
import { jobRegistry } from './job-registry.js';

const input = workerData as JobThreadInput; // set by job-thread.ts with this shape
const port = parentPort;
if (!port) throw new Error('job-thread.worker must run as a worker thread');

/** How often counted check runs go to the thread that serves /metrics. */
const METRICS_FLUSH_MS = 1_000;

async function main(parent: NonNullable<typeof parentPort>): Promise<void> {
  const { config } = input;
  const logger = createLogger(config.LOG_LEVEL, { service: 'mission-control', role: config.MC_ROLE, thread: 'jobs' });
  // A worker thread has its own globals: its job and check spans need this thread's own provider.
  const tracing = await startTracing();
  const runs = new Map<string, { type: string; status: string; runs: number }>();
  const metrics: CheckMetric[] = [];
  const canaryChecks: CanaryCheckRun[] = [];
  const flush = () => {
    if (metrics.length > 0) {
      parent.postMessage({ type: 'check-metrics', metrics: metrics.splice(0) } satisfies JobThreadEvent);
    }
    if (canaryChecks.length > 0) {
      parent.postMessage({ type: 'canary-checks', runs: canaryChecks.splice(0) } satisfies JobThreadEvent);
    }
    if (runs.size === 0) return;
    parent.postMessage({ type: 'check-runs', counts: [...runs.values()] } satisfies JobThreadEvent);
    runs.clear();
  };
  forwardCheckMetricsTo((metric) => metrics.push(metric));
  forwardCanaryChecksTo((run) => canaryChecks.push(run));
  forwardCheckRunsTo((type, status, count) => {
    const key = `${type}\0${status}`;
    const found = runs.get(key);
    if (found) found.runs += count;
    else runs.set(key, { type, status, runs: count });
  });
  const flushing = setInterval(flush, METRICS_FLUSH_MS);
  const database = connectEndpoint(input.endpoint, { max: 10, applicationName: JOBS_APPLICATION_NAME });
  // This thread's pool, on /metrics as mc_job_thread_db_pool_connections (the main thread's registry is scraped).
  const { pool } = database;
  // Sent when they change only: an idle thread's pool does not, and a message a second wakes both threads.
  let lastFigures = '';
  const poolFigures = setInterval(() => {
    const figures = { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    const key = `${figures.total}/${figures.idle}/${figures.waiting}`;
    if (key === lastFigures) return;
    lastFigures = key;
    parent.postMessage({ type: 'db-pool', ...figures } satisfies JobThreadEvent);
  }, METRICS_FLUSH_MS);
  const logCapture = startLogCapture(database); // this thread's lines, for the built-in log backend
  installPorts();
  const runtime = await startJobRuntime({ config, database, logger }, jobRegistry);
  parent.on('message', async (message: JobThreadRequest) => {
    if (message.type !== 'stop') return;
    try {
      await runtime.stop(message.timeoutMs);
      await logCapture.stop();
      await database.close();
      await tracing?.shutdown();
    } finally {
      clearInterval(flushing);
      clearInterval(poolFigures);
      flush();
      parent.postMessage({ type: 'stopped' } satisfies JobThreadEvent);
    }
  });
  parent.postMessage({ type: 'ready' } satisfies JobThreadEvent);
}

main(port).catch((error: unknown) => {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies JobThreadEvent);
});
