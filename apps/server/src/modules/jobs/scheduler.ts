import type pg from 'pg';
import type { Logger } from '../../platform/logger.js';
import type { JobRegistry } from './job-registry.js';
import { nextRun, parseSchedule } from './schedule-spec.js';
import {
  advanceSchedules,
  disableSchedule,
  insertScheduledJobs,
  lockDueSchedules,
  type ScheduledJob,
} from './schedules.repo.js';

/** Schedules fired per transaction; a full batch makes the loop go again at once. */
export const SCHEDULER_BATCH = 200;

/** The singleton key of a schedule's jobs: a schedule never has two jobs pending or running. */
export function scheduleSingletonKey(name: string): string {
  return `schedule:${name}`;
}

/**
 * Fires the due schedules once: in one transaction, locks due rows (SKIP LOCKED, so each is fired
 * by exactly one replica), enqueues one job per row and moves each row to its next tick from now
 * (missed ticks collapse into this one). Returns how many schedules fired.
 */
export async function fireDueSchedules(
  pool: pg.Pool,
  registry: JobRegistry,
  logger: Logger,
  limit = SCHEDULER_BATCH,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const due = await lockDueSchedules(client, registry.names(), limit);
    const jobs: ScheduledJob[] = [];
    const next: Array<{ name: string; next_run_at: Date }> = [];
    for (const row of due) {
      const definition = registry.get(row.job_name);
      let spec: ReturnType<typeof parseSchedule>;
      try {
        spec = parseSchedule(row.schedule);
      } catch (error) {
        logger.error('schedule disabled: its text does not parse', { schedule: row.name, error });
        await disableSchedule(client, row.name);
        continue;
      }
      if (!definition) continue;
      jobs.push({
        name: row.job_name,
        payload: row.payload,
        priority: row.priority,
        max_attempts: definition.maxAttempts,
        singleton_key: scheduleSingletonKey(row.name),
        resource_type: row.resource_type ?? definition.resourceType ?? null,
        resource_id: row.resource_id,
      });
      next.push({ name: row.name, next_run_at: nextRun(spec, row.name, row.jitter_ms, row.db_now) });
    }
    await insertScheduledJobs(client, jobs);
    await advanceSchedules(client, next);
    await client.query('COMMIT');
    return next.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
