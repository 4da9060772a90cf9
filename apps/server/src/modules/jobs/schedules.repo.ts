import { type Executor, runQuery } from './executor.js';
import { JOBS_CHANNEL, SCHEDULES_CHANNEL } from './job-listener.js';

/** A row of `schedules`. */
export interface ScheduleRow {
  name: string;
  schedule: string;
  job_name: string;
  payload: unknown;
  priority: number;
  jitter_ms: number;
  enabled: boolean;
  next_run_at: Date;
  last_run_at: Date | null;
  resource_type: string | null;
  resource_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The fields of a schedule a caller sets. */
export interface ScheduleInput {
  name: string;
  schedule: string;
  jobName: string;
  payload: unknown;
  priority: number;
  jitterMs: number;
  enabled: boolean;
  resourceType: string | null;
  resourceId: string | null;
}

/** A job the scheduler enqueues for a due schedule. */
export interface ScheduledJob {
  name: string;
  payload: unknown;
  priority: number;
  max_attempts: number;
  singleton_key: string;
  resource_type: string | null;
  resource_id: string | null;
}

/**
 * Creates or updates a schedule. `nextRunAt` applies to a new row, and to an existing row only
 * when its schedule text or jitter changed, or it is being re-enabled, so re-declaring the same
 * schedule at every start does not move its next tick. Notifies {@link SCHEDULES_CHANNEL} (on commit):
 * a scheduler sleeping until its earliest known tick wakes to see one that may now come sooner.
 */
export async function upsertScheduleRow(
  executor: Executor,
  input: ScheduleInput,
  nextRunAt: Date,
): Promise<ScheduleRow> {
  const rows = await runQuery<ScheduleRow>(
    executor,
    `WITH upserted AS (
     INSERT INTO schedules (name, schedule, job_name, payload, priority, jitter_ms, enabled, next_run_at,
                            resource_type, resource_id)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (name) DO UPDATE SET
       next_run_at = CASE
         WHEN schedules.schedule IS DISTINCT FROM EXCLUDED.schedule
           OR schedules.jitter_ms IS DISTINCT FROM EXCLUDED.jitter_ms
           OR (NOT schedules.enabled AND EXCLUDED.enabled)
         THEN EXCLUDED.next_run_at ELSE schedules.next_run_at END,
       schedule = EXCLUDED.schedule, job_name = EXCLUDED.job_name, payload = EXCLUDED.payload,
       priority = EXCLUDED.priority, jitter_ms = EXCLUDED.jitter_ms, enabled = EXCLUDED.enabled,
       resource_type = EXCLUDED.resource_type, resource_id = EXCLUDED.resource_id, updated_at = now()
     RETURNING *
     )
     SELECT upserted.* FROM upserted, pg_notify('${SCHEDULES_CHANNEL}', '') AS notified`,
    [
      input.name,
      input.schedule,
      input.jobName,
      JSON.stringify(input.payload ?? {}),
      input.priority,
      input.jitterMs,
      input.enabled,
      nextRunAt,
      input.resourceType,
      input.resourceId,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`upsert of schedule "${input.name}" returned no row`);
  return row;
}

/** Deletes a schedule; false when there was none. */
export async function deleteScheduleRow(executor: Executor, name: string): Promise<boolean> {
  const rows = await runQuery<{ name: string }>(executor, 'DELETE FROM schedules WHERE name = $1 RETURNING name', [
    name,
  ]);
  return rows.length > 0;
}

/** Reads one schedule. */
export async function findSchedule(executor: Executor, name: string): Promise<ScheduleRow | undefined> {
  const rows = await runQuery<ScheduleRow>(executor, 'SELECT * FROM schedules WHERE name = $1', [name]);
  return rows[0];
}

/** Lists schedules, optionally of one job. */
export async function listScheduleRows(executor: Executor, jobName?: string): Promise<ScheduleRow[]> {
  return runQuery<ScheduleRow>(
    executor,
    'SELECT * FROM schedules WHERE ($1::text IS NULL OR job_name = $1) ORDER BY name',
    [jobName ?? null],
  );
}

/**
 * Locks up to `limit` due, enabled schedules of known jobs for this transaction, skipping rows
 * another replica holds. Also returns the database clock, the one time every replica agrees on.
 */
export async function lockDueSchedules(
  executor: Executor,
  jobNames: string[],
  limit: number,
): Promise<Array<ScheduleRow & { db_now: Date }>> {
  return runQuery<ScheduleRow & { db_now: Date }>(
    executor,
    `SELECT *, now() AS db_now FROM schedules
     WHERE enabled AND next_run_at <= now() AND job_name = ANY($1::text[])
     ORDER BY next_run_at
     LIMIT $2
     FOR UPDATE SKIP LOCKED`,
    [jobNames, limit],
  );
}

/** Milliseconds until the earliest enabled schedule of `jobNames` is due (0 when one is due now); null with none. */
export async function msUntilNextSchedule(executor: Executor, jobNames: string[]): Promise<number | null> {
  const [row] = await runQuery<{ ms: number | null }>(
    executor,
    `SELECT (EXTRACT(EPOCH FROM (min(next_run_at) - clock_timestamp())) * 1000)::float8 AS ms
     FROM schedules WHERE enabled AND job_name = ANY($1::text[])`,
    [jobNames],
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Math.ceil(Number(row.ms)));
}

/** Enqueues the jobs of fired schedules in one statement; a schedule whose last job is still pending or running is skipped. */
export async function insertScheduledJobs(executor: Executor, jobs: ScheduledJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await runQuery<{ id: string }>(
    executor,
    `WITH inserted AS (
       INSERT INTO jobs (name, payload, priority, max_attempts, singleton_key, resource_type, resource_id)
       SELECT name, payload, priority, max_attempts, singleton_key, resource_type, resource_id
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, payload jsonb, priority int, max_attempts int,
                                               singleton_key text, resource_type text, resource_id text)
       ON CONFLICT (name, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('pending', 'running')
       DO NOTHING
       RETURNING id
     )
     SELECT inserted.id FROM inserted, pg_notify('${JOBS_CHANNEL}', '') AS notified`,
    [JSON.stringify(jobs)],
  );
  return rows.length;
}

/** Moves fired schedules to their next tick and stamps last_run_at. */
export async function advanceSchedules(
  executor: Executor,
  next: Array<{ name: string; next_run_at: Date }>,
): Promise<void> {
  if (next.length === 0) return;
  await runQuery(
    executor,
    `UPDATE schedules AS s SET next_run_at = v.next_run_at, last_run_at = now(), updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS v(name text, next_run_at timestamptz)
     WHERE s.name = v.name`,
    [JSON.stringify(next)],
  );
}

/** Turns off a schedule whose text no longer parses, so it stops being picked up every tick. */
export async function disableSchedule(executor: Executor, name: string): Promise<void> {
  await runQuery(executor, 'UPDATE schedules SET enabled = false, updated_at = now() WHERE name = $1', [name]);
}
