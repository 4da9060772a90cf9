import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { resolveJob } from './enqueue.js';
import type { Executor } from './executor.js';
import type { JobDefinition } from './job-definition.js';
import { InvalidScheduleError, nextRun, parseSchedule } from './schedule-spec.js';
import {
  deleteScheduleRow,
  findSchedule,
  listScheduleRows,
  type ScheduleRow,
  upsertScheduleRow,
} from './schedules.repo.js';

/** A named schedule as a module declares it (health creates one per canary, for example). */
export interface ScheduleDeclaration<S extends z.ZodType> {
  /** Unique name, e.g. `canary:<id>`. */
  name: string;
  /** Cron (5 or 6 fields, UTC), `@every 30s|5m|1h`, `@hourly`, `@daily`… */
  schedule: string;
  job: JobDefinition<S> | string;
  payload: z.input<S>;
  priority?: number;
  /** Spread ticks over up to this many milliseconds (a stable per-name offset). */
  jitterMs?: number;
  enabled?: boolean;
  resource?: { type?: string; id: string };
  /** First tick of a new or changed schedule; default its next occurrence from now. */
  startAt?: Date;
}

/**
 * Creates or updates a named schedule (validating its text and its payload against the job's
 * schema; 400 when either is bad). Re-declaring an unchanged schedule keeps its next tick. Runs on
 * `executor`, so it can join the caller's transaction.
 */
export async function upsertSchedule<S extends z.ZodType>(
  executor: Executor,
  declaration: ScheduleDeclaration<S>,
): Promise<ScheduleRow> {
  const definition = await resolveJob(declaration.job);
  let spec: ReturnType<typeof parseSchedule>;
  try {
    spec = parseSchedule(declaration.schedule);
  } catch (error) {
    if (error instanceof InvalidScheduleError) throw new AppError('bad_request', `Invalid schedule ${error.message}`);
    throw error;
  }
  const parsed = definition.payload.safeParse(declaration.payload);
  if (!parsed.success) {
    throw new AppError('bad_request', `Invalid payload for job "${definition.name}"`, parsed.error.issues);
  }
  const jitterMs = Math.max(0, Math.round(declaration.jitterMs ?? 0));
  const nextRunAt = declaration.startAt ?? nextRun(spec, declaration.name, jitterMs, new Date());
  return upsertScheduleRow(
    executor,
    {
      name: declaration.name,
      schedule: declaration.schedule.trim(),
      jobName: definition.name,
      payload: parsed.data,
      priority: declaration.priority ?? 0,
      jitterMs,
      enabled: declaration.enabled ?? true,
      resourceType: declaration.resource ? (declaration.resource.type ?? definition.resourceType ?? null) : null,
      resourceId: declaration.resource?.id ?? null,
    },
    nextRunAt,
  );
}

/** Deletes a named schedule; false when it did not exist. A job it already queued still runs. */
export function deleteSchedule(executor: Executor, name: string): Promise<boolean> {
  return deleteScheduleRow(executor, name);
}

/** Reads a named schedule. */
export function getSchedule(executor: Executor, name: string): Promise<ScheduleRow | undefined> {
  return findSchedule(executor, name);
}

/** Lists schedules, optionally those of one job. */
export function listSchedules(executor: Executor, jobName?: string): Promise<ScheduleRow[]> {
  return listScheduleRows(executor, jobName);
}
