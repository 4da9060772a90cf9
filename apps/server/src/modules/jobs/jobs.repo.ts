import { type Executor, runQuery } from './executor.js';
import type { FinishStatement } from './job-definition.js';
import { JOBS_CHANNEL } from './job-listener.js';

/** Lifecycle states of a row in `jobs`. */
export type JobState = 'pending' | 'running' | 'succeeded' | 'dead' | 'cancelled';

/** A job row as the queue reads it. */
export interface JobRow {
  id: string;
  name: string;
  payload: unknown;
  priority: number;
  state: JobState;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  locked_until: Date | null;
  last_error: string | null;
  singleton_key: string | null;
  resource_type: string | null;
  resource_id: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Identifies one claimed attempt: a stale worker's token no longer matches once the job is reclaimed. */
export interface Lease {
  id: string;
  owner: string;
  attempt: number;
}

/** A new job row. */
export interface NewJob {
  name: string;
  payload: unknown;
  priority: number;
  runAt?: Date;
  maxAttempts: number;
  singletonKey?: string;
  resourceType?: string;
  resourceId?: string;
}

/** The job_history row written with a job's final state for one attempt. */
export interface HistoryEntry {
  name: string;
  resourceType: string | null;
  resourceId: string | null;
  status: string;
  successCount: number;
  errorCount: number;
  details: Record<string, unknown>;
  hostname: string;
  timeStart: Date;
  timeEnd: Date;
}

/** What an attempt's end does to the job row. */
export interface JobTransition {
  state: JobState;
  /** Added to attempts: −1 when a shutdown hands the job back without counting the attempt. */
  attemptsDelta: number;
  /** For a retry: run again this many milliseconds from now. */
  retryInMs: number | null;
  lastError: string | null;
}

/**
 * Inserts a job; with a singleton key, a second pending or running job of the same name and key is
 * not created. Returns the new id, or null when the singleton already exists. Notifies
 * {@link JOBS_CHANNEL}, delivered when the enqueuing transaction commits.
 */
export async function insertJob(executor: Executor, job: NewJob): Promise<string | null> {
  const rows = await runQuery<{ id: string }>(
    executor,
    `WITH inserted AS (
       INSERT INTO jobs (name, payload, priority, run_at, max_attempts, singleton_key, resource_type, resource_id)
       VALUES ($1, $2::jsonb, $3, COALESCE($4::timestamptz, now()), $5, $6, $7, $8)
       ON CONFLICT (name, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('pending', 'running')
       DO NOTHING
       RETURNING id
     )
     SELECT inserted.id FROM inserted, pg_notify('${JOBS_CHANNEL}', '') AS notified`,
    [
      job.name,
      JSON.stringify(job.payload ?? {}),
      job.priority,
      job.runAt ?? null,
      job.maxAttempts,
      job.singletonKey ?? null,
      job.resourceType ?? null,
      job.resourceId ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/** What {@link claimJobs} takes: the names, how many, for whom and for how long. */
export interface Claim {
  names: string[];
  limit: number;
  owner: string;
  leaseMs: number;
}

/**
 * Claims up to `limit` due pending jobs of the given names for `owner` under a lease of `leaseMs`:
 * highest priority first, then oldest. SKIP LOCKED lets replicas claim side by side without waiting
 * on or double-claiming each other's rows.
 */
export async function claimJobs(executor: Executor, claim: Claim): Promise<JobRow[]> {
  return runQuery<JobRow>(
    executor,
    `WITH next AS (
       SELECT id FROM jobs
       WHERE state = 'pending' AND run_at <= now() AND name = ANY($1::text[])
       ORDER BY priority DESC, run_at, id
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs AS j
     SET state = 'running', attempts = j.attempts + 1, lease_owner = $3,
         locked_until = now() + $4::int * interval '1 millisecond',
         started_at = now(), updated_at = now()
     FROM next
     WHERE j.id = next.id
     RETURNING j.*`,
    [claim.names, claim.limit, claim.owner, claim.leaseMs],
  );
}

/**
 * Milliseconds until the earliest pending job of `names` is due (0: one is due now), or null when none
 * is pending: how long an idle worker may sleep before a retry or a delayed job needs it.
 */
export async function msUntilNextJob(executor: Executor, names: string[]): Promise<number | null> {
  const [row] = await runQuery<{ ms: number | null }>(
    executor,
    `SELECT (EXTRACT(EPOCH FROM (min(run_at) - clock_timestamp())) * 1000)::float8 AS ms
     FROM jobs WHERE state = 'pending' AND name = ANY($1::text[])`,
    [names],
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Math.ceil(Number(row.ms)));
}

/** Extends a held lease; false when the lease is no longer ours (reaped and reclaimed). */
export async function extendLease(executor: Executor, lease: Lease, leaseMs: number): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(
    executor,
    `UPDATE jobs SET locked_until = now() + $4::int * interval '1 millisecond', updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND attempts = $3 AND state = 'running'
     RETURNING id`,
    [lease.id, lease.owner, lease.attempt, leaseMs],
  );
  return rows.length > 0;
}

/**
 * Ends one attempt in a single statement: moves the job (only while `lease` still holds it) and
 * writes its job_history row. Returns false when the lease was lost; the history row is written
 * anyway (the run did happen) with `lease_lost: true` in its details.
 */
export async function finishAttempt(
  executor: Executor,
  lease: Lease,
  transition: JobTransition,
  history: HistoryEntry,
  also?: FinishStatement,
): Promise<boolean> {
  return (await finishAndClaim(executor, lease, transition, history, also)).matched;
}

/**
 * {@link finishAttempt} that also claims the worker's next jobs as {@link claimJobs} does, in the same
 * statement (issue 32 item 5: a worker's slot freed by an attempt was refilled by a claim of its own,
 * one more round trip per job, most of them finding nothing). The statement's snapshot still sees the
 * ending job running, so it never claims it back. Runs `also`, a handler's own statement, as a CTE too.
 */
export async function finishAndClaim(
  executor: Executor,
  lease: Lease,
  transition: JobTransition,
  history: HistoryEntry,
  also?: FinishStatement,
  claim?: Claim,
): Promise<{ matched: boolean; claimed: JobRow[] }> {
  const values: unknown[] = [
    lease.id,
    lease.owner,
    lease.attempt,
    transition.state,
    transition.attemptsDelta,
    transition.retryInMs,
    transition.lastError,
    history.name,
    history.resourceType,
    history.resourceId,
    history.status,
    history.successCount,
    history.errorCount,
    JSON.stringify(history.details),
    history.hostname,
    history.timeEnd.getTime() - history.timeStart.getTime(),
    history.timeStart,
    history.timeEnd,
  ];
  let extra = '';
  if (also) {
    // The handler's statement joins as one more CTE, its parameters numbered after ours.
    const shift = values.length;
    extra += `, also AS (${also.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)})`;
    values.push(...also.values);
  }
  const claiming = claim !== undefined && claim.limit > 0;
  if (claiming) {
    const p = values.length;
    extra += `, next AS (
       SELECT id FROM jobs
       WHERE state = 'pending' AND run_at <= now() AND name = ANY($${p + 1}::text[])
       ORDER BY priority DESC, run_at, id
       LIMIT $${p + 2}
       FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE jobs AS j
       SET state = 'running', attempts = j.attempts + 1, lease_owner = $${p + 3},
           locked_until = now() + $${p + 4}::int * interval '1 millisecond',
           started_at = now(), updated_at = now()
       FROM next
       WHERE j.id = next.id
       RETURNING j.*
     )`;
    values.push(claim.names, claim.limit, claim.owner, claim.leaseMs);
  }
  const rows = await runQuery<JobRow & { matched__: number }>(
    executor,
    `WITH moved AS (
       UPDATE jobs
       SET state = $4, attempts = attempts + $5,
           run_at = CASE WHEN $6::int IS NULL THEN run_at ELSE now() + $6::int * interval '1 millisecond' END,
           last_error = $7, lease_owner = NULL, locked_until = NULL, updated_at = now(),
           finished_at = CASE WHEN $4 IN ('succeeded', 'dead', 'cancelled') THEN now() END
       WHERE id = $1 AND lease_owner = $2 AND attempts = $3 AND state = 'running'
       RETURNING id
     ), history AS (
       INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, details,
                                hostname, duration_millis, time_start, time_end)
       SELECT $8, $9, $10, $11, $12, $13,
              CASE WHEN EXISTS (SELECT 1 FROM moved) THEN $14::jsonb
                   ELSE $14::jsonb || '{"lease_lost": true}'::jsonb END,
              $15, $16, $17, $18
     )${extra}
     ${
       claiming
         ? 'SELECT c.*, (SELECT count(*)::int FROM moved) AS matched__ FROM (SELECT 1) AS one LEFT JOIN claimed c ON true'
         : 'SELECT count(*)::int AS matched__ FROM moved'
     }`,
    values,
  );
  const matched = (rows[0]?.matched__ ?? 0) > 0;
  const claimed = rows
    .filter((row) => row.id !== null && row.id !== undefined)
    .map(({ matched__: _, ...row }) => row as JobRow);
  return { matched, claimed };
}

/**
 * Returns running jobs whose lease expired (their worker crashed or hung) to pending, or to dead
 * once they used all attempts, and records each lost attempt as a FAILED job_history row.
 * Rows another reaper is handling are skipped. Returns how many jobs were reaped.
 */
export async function reapExpiredLeases(executor: Executor, hostname: string, limit = 500): Promise<number> {
  const rows = await runQuery<{ reaped: number }>(
    executor,
    `WITH expired AS (
       SELECT id FROM jobs WHERE state = 'running' AND locked_until < now()
       ORDER BY locked_until LIMIT $2 FOR UPDATE SKIP LOCKED
     ), reaped AS (
       UPDATE jobs AS j
       SET state = CASE WHEN j.attempts >= j.max_attempts THEN 'dead' ELSE 'pending' END,
           finished_at = CASE WHEN j.attempts >= j.max_attempts THEN now() END,
           last_error = 'lease expired: the worker stopped renewing it', lease_owner = NULL, locked_until = NULL,
           updated_at = now()
       FROM expired
       WHERE j.id = expired.id
       RETURNING j.id, j.name, j.attempts, j.resource_type, j.resource_id, j.started_at
     ), history AS (
       INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, details,
                                hostname, duration_millis, time_start, time_end)
       SELECT name, resource_type, resource_id, 'FAILED', 0, 1,
              jsonb_build_object('job_id', id, 'attempt', attempts,
                                 'errors', jsonb_build_array('lease expired: the worker stopped renewing it')),
              $1, (extract(epoch FROM now() - started_at) * 1000)::int, started_at, now()
       FROM reaped
     )
     SELECT count(*)::int AS reaped FROM reaped`,
    [hostname, limit],
  );
  return rows[0]?.reaped ?? 0;
}

/** Deletes finished jobs (succeeded, dead, cancelled) older than `days`; at most `limit` per call. */
export async function deleteFinishedJobs(executor: Executor, days: number, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(
    executor,
    `DELETE FROM jobs WHERE id IN (
       SELECT id FROM jobs
       WHERE state IN ('succeeded', 'dead', 'cancelled') AND finished_at < now() - $1::int * interval '1 day'
       LIMIT $2
     ) RETURNING id`,
    [days, limit],
  );
  return rows.length;
}

/** Reads one job by id. */
export async function findJob(executor: Executor, id: string): Promise<JobRow | undefined> {
  const rows = await runQuery<JobRow>(executor, 'SELECT * FROM jobs WHERE id = $1', [id]);
  return rows[0];
}

/** Deletes job_history rows older than `days`; at most `limit` per call. */
export async function deleteOldJobHistory(executor: Executor, days: number, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(
    executor,
    `DELETE FROM job_history WHERE id IN (
       SELECT id FROM job_history WHERE created_at < now() - $1::int * interval '1 day' LIMIT $2
     ) RETURNING id`,
    [days, limit],
  );
  return rows.length;
}

/** The id of the pending or running job of a singleton key, or undefined. */
export async function findLiveJobId(executor: Executor, singletonKey: string): Promise<string | undefined> {
  const rows = await runQuery<{ id: string }>(
    executor,
    `SELECT id FROM jobs WHERE singleton_key = $1 AND state IN ('pending', 'running') LIMIT 1`,
    [singletonKey],
  );
  return rows[0]?.id;
}

/** A job's state and run times, or undefined when there is no such job. */
export async function findJobState(
  executor: Executor,
  id: string,
): Promise<{ state: string; finished_at: Date | null; started_at: Date | null } | undefined> {
  const [job] = await runQuery<{ state: string; finished_at: Date | null; started_at: Date | null }>(
    executor,
    'SELECT state, started_at, finished_at FROM jobs WHERE id = $1',
    [id],
  );
  return job;
}
