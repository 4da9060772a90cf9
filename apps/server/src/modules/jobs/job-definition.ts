import type { Database } from '@mc/db';
import type { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';

/** Job statuses written to job_history (spec 001: RUNNING, SUCCESS, WARNING, FAILED, STOPPED; plus SKIPPED). */
export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'SKIPPED'] as const;
/** One of {@link JOB_STATUSES}. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What the runtime gives a job's handler besides its payload. */
export interface JobDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

/** The running job, as the handler sees it. */
export interface JobContext<P> {
  payload: P;
  /** Aborted on timeout, on shutdown past its bound, or when the lease is lost: stop promptly. */
  signal: AbortSignal;
  job: { id: string; name: string; attempt: number; maxAttempts: number };
  deps: JobDeps;
}

/**
 * What a handler may report; it becomes the job_history row. `status` defaults to SUCCESS, or
 * WARNING when `errorCount` is above zero. `details` is stored as given (upstream keys: errors,
 * scrape_summary, summary).
 */
export interface JobResult {
  status?: Extract<JobStatus, 'SUCCESS' | 'WARNING' | 'SKIPPED'>;
  successCount?: number;
  errorCount?: number;
  details?: Record<string, unknown>;
  /**
   * A statement to run with the attempt's end, in the same statement as the job's move (a CTE of it), so
   * a handler that records its own outcome (a message's send-history row) costs no extra round trip.
   * Its parameters are `$1…$n` of `values`; it runs whether or not the lease still held, as a write of
   * the handler's own would have. Runs only when the handler succeeded.
   */
  finishWith?: FinishStatement;
}

/** One parameterised statement ({@link JobResult.finishWith}); `text` has no `$` but its parameters. */
export interface FinishStatement {
  text: string;
  values: unknown[];
}

/** Exponential backoff between attempts: base·2^(attempt−1), capped, with up to 10% random jitter. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * When the built-in retention schedules first run after they are first declared: a minute in, out of
 * the way of a fresh start's first check runs, scrapes and builds (on the embedded database they share
 * the job thread's one connection), then hourly.
 */
export const RETENTION_FIRST_RUN_MS = 60_000;

/**
 * A schedule declared by a definition: the schedule named after the job, with a fixed payload. Its
 * first run is `startAfterMs` (default 0: at once) after the schedule is first declared — the first
 * start of a fresh install, or of the version that added or changed it — then on its ticks.
 */
export interface DefinitionSchedule<P> {
  schedule: string;
  payload: P;
  jitterMs?: number;
  /** Delay of the first run, for work that would only compete with a fresh start (retention). */
  startAfterMs?: number;
}

/**
 * A job kind: its name, payload schema, retry policy, timeout and an idempotent handler (a job may
 * run again after a crash or a lost lease, so running it twice must be safe). One definition per
 * `*.job.ts` file, listed in job-definitions.ts.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Total attempts before the job is dead (1 = no retry). */
  maxAttempts: number;
  backoff: Backoff;
  /** Bound for one attempt; the handler's signal aborts after it. */
  timeoutMs: number;
  /** Job-history resource type for the Jobs History page (canary, topology, config_scraper…). */
  resourceType?: string;
  /**
   * Slots of its own: this kind's attempts run in a lane of this many, apart from the worker's shared
   * `MC_WORKER_CONCURRENCY`. For a kind whose attempts mostly wait and whose real work is bounded elsewhere —
   * a canary's tick waits out its checks' start spread and their answers, and its checks share
   * `MC_HEALTH_CONCURRENCY` — so a thousand canaries neither queue behind the shared slots nor hold them from
   * scrapes, builds and playbooks.
   */
  slots?: number;
  schedule?: DefinitionSchedule<z.input<S>>;
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler with nothing to report just returns
  handler(ctx: JobContext<z.output<S>>): Promise<JobResult | void>;
}

/** A definition with its payload type erased, as the registry holds it. */
export type AnyJobDefinition = JobDefinition<z.ZodType>;

const DEFAULTS = { maxAttempts: 5, backoff: { baseMs: 5_000, maxMs: 15 * 60_000 }, timeoutMs: 5 * 60_000 };

/** Declares a job with the defaults filled in (5 attempts, 5 s → 15 min backoff, 5 min timeout). */
export function defineJob<S extends z.ZodType>(
  definition: Pick<JobDefinition<S>, 'name' | 'payload' | 'handler'> & Partial<JobDefinition<S>>,
): JobDefinition<S> {
  return { ...DEFAULTS, ...definition };
}

/** Thrown by a handler for a failure that retrying cannot fix: the job goes straight to dead. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The delay before attempt `attempt + 1` after attempt `attempt` failed. */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 + 0.1 * random()));
}
