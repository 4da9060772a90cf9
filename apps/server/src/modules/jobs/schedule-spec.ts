import { CronExpressionParser } from 'cron-parser';

/** A parsed schedule: a fixed interval (`@every 30s`) or a cron expression evaluated in UTC. */
export type ScheduleSpec = { kind: 'every'; intervalMs: number } | { kind: 'cron'; expression: string };

/** Raised for a schedule text that is neither a cron expression nor a known `@` form. */
export class InvalidScheduleError extends Error {
  override name = 'InvalidScheduleError';
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(?:\d+(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+)(ms|s|m|h|d)/g;
/** Shortest interval accepted: a schedule firing faster than the scheduler ticks would only pile up. */
export const MIN_INTERVAL_MS = 1_000;

const PREDEFINED: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** Parses a Go-style duration such as `30s`, `5m`, `1h30m` or `250ms` into milliseconds. */
export function parseDuration(text: string): number | undefined {
  if (!DURATION.test(text)) return undefined;
  let total = 0;
  for (const match of text.matchAll(DURATION_PART)) {
    const [, amount, unit] = match;
    total += Number(amount) * (UNIT_MS[unit ?? 'ms'] ?? 1);
  }
  return total;
}

/**
 * Parses the schedule text of a named schedule: a 5-field (minute) or 6-field (second) cron
 * expression in UTC, `@every <duration>`, or one of `@hourly`, `@daily`, `@weekly`, `@monthly`,
 * `@yearly`. Throws {@link InvalidScheduleError} with a readable message otherwise.
 */
export function parseSchedule(text: string): ScheduleSpec {
  const trimmed = text.trim();
  if (trimmed.startsWith('@every')) {
    const duration = trimmed.slice('@every'.length).trim();
    const intervalMs = parseDuration(duration);
    if (intervalMs === undefined)
      throw new InvalidScheduleError(`"${text}": expected @every <duration>, e.g. @every 30s`);
    if (intervalMs < MIN_INTERVAL_MS) throw new InvalidScheduleError(`"${text}": the interval must be at least 1s`);
    return { kind: 'every', intervalMs };
  }
  const expression = PREDEFINED[trimmed] ?? trimmed;
  if (expression.startsWith('@')) throw new InvalidScheduleError(`"${text}": unknown schedule`);
  const fields = expression.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) {
    throw new InvalidScheduleError(`"${text}": a cron expression has 5 or 6 fields`);
  }
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC', strict: false });
  } catch (error) {
    throw new InvalidScheduleError(`"${text}": ${(error as Error).message}`); // cron-parser throws Error
  }
  return { kind: 'cron', expression };
}

/**
 * The first occurrence of a schedule strictly after `after`. Interval schedules tick on a grid
 * aligned to the Unix epoch (`@every 5m` at :00, :05, …), like cron, so their ticks never drift and
 * a per-name jitter offset keeps them apart however they were created.
 */
export function nextOccurrence(spec: ScheduleSpec, after: Date): Date {
  if (spec.kind === 'every') {
    return new Date((Math.floor(after.getTime() / spec.intervalMs) + 1) * spec.intervalMs);
  }
  return CronExpressionParser.parse(spec.expression, { tz: 'UTC', currentDate: after }).next().toDate();
}

/**
 * A stable offset in [0, jitterMs) derived from the schedule name, added to every tick so that many
 * schedules with the same expression spread out instead of firing in the same millisecond, while
 * each keeps its own regular period.
 */
export function jitterOffset(name: string, jitterMs: number): number {
  if (jitterMs <= 0) return 0;
  let hash = 2_166_136_261;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 16_777_619) >>> 0;
  }
  return hash % jitterMs;
}

/**
 * The next tick of a schedule after `now`: its next occurrence, shifted by its stable jitter
 * offset. Used for a new schedule and after each firing; because it counts from `now`, ticks missed
 * while no replica ran collapse into the one that just fired, and the schedule never catches up.
 */
export function nextRun(spec: ScheduleSpec, name: string, jitterMs: number, now: Date): Date {
  const offset = jitterOffset(name, jitterMs);
  return new Date(nextOccurrence(spec, new Date(now.getTime() - offset)).getTime() + offset);
}
