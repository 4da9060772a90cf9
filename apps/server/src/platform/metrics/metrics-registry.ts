import { isMainThread } from 'node:worker_threads';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EVENT_LOOP_SAMPLE_MS, startEventLoopDelayHistogram } from './event-loop-delay.js';

/**
 * The process-wide Prometheus registry: Node's default metrics (memory, CPU, event loop, GC), the
 * event-loop delay histogram (event-loop-delay.ts) and the instruments code paths record into as they
 * run (HTTP requests, check runs). One per process, since
 * those figures belong to the process, not to one database; per-database gauges are collected at
 * scrape time by the system module and merged with this registry. The default metrics and the delay
 * histogram sample on timers, so they start on the main thread only: /metrics serves the main thread's
 * registry, and the job thread forwards its figures there (job-thread.worker.ts) — its own samplers
 * would cost CPU every few milliseconds, idle or not, for figures no scrape reads.
 */
export const processRegistry = new Registry();
if (isMainThread) {
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  startEventLoopDelayHistogram(processRegistry);
}

/**
 * HTTP request durations by method, route pattern and status. The route is the pattern the router
 * matched (`/api/incidents/:id`), never the raw path, so the series stay few whatever callers send.
 */
export const httpRequestDuration = new Histogram({
  name: 'mc_http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const checkRuns = new Counter({
  name: 'mc_check_runs_total',
  help: 'Health check runs recorded by this process, by check type and result status',
  labelNames: ['type', 'status'] as const,
  registers: [processRegistry],
});

let forwardCheckRun: ((type: string, status: string, runs: number) => void) | undefined;

/**
 * Counts recorded check runs (one by default); called where the runner stores a result. In the job
 * thread the count goes to {@link forwardCheckRunsTo}'s target instead: /metrics is served by the
 * process's main thread, whose registry is the one scraped.
 */
export function countCheckRun(type: string, status: string, runs = 1): void {
  if (forwardCheckRun) forwardCheckRun(type, status, runs);
  else checkRuns.inc({ type, status }, runs);
}

/** Sends this thread's check-run counts to `forward` (the job thread passes them to the main thread). */
export function forwardCheckRunsTo(forward: (type: string, status: string, runs: number) => void): void {
  forwardCheckRun = forward;
}

/** Connections of a `pg.Pool`: open, idle, and queries waiting for one. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

const jobThreadPool = new Gauge({
  name: 'mc_job_thread_db_pool_connections',
  help: "The job thread's database pool: connections open (total), idle, and queries waiting for one",
  labelNames: ['state'] as const,
  registers: [processRegistry],
});

/**
 * Records the job thread's pool figures, which it sends every second: that thread has a pool of its own
 * (`mc_db_pool_connections` is the HTTP thread's), and only the main thread's registry is scraped.
 */
export function recordJobThreadPool(figures: PoolFigures): void {
  jobThreadPool.set({ state: 'total' }, figures.total);
  jobThreadPool.set({ state: 'idle' }, figures.idle);
  jobThreadPool.set({ state: 'waiting' }, figures.waiting);
}
