import { CronExpressionParser } from 'cron-parser';

/**
 * A parsed schedule: a fixed interval (`@every 30s`), a cron expression evaluated in UTC or in the time
 * zone its `TZ=`/`CRON_TZ=` prefix names, or `@never` (kept, never due: canary-checker unschedules it).
 */
export type ScheduleSpec =
  | { kind: 'every'; intervalMs: number }
  | { kind: 'cron'; expression: string; tz?: string }
  | { kind: 'never' };

/** Raised for a schedule text that is neither a cron expression nor a known `@` form. */
export class InvalidScheduleError extends Error {
  override name = 'InvalidScheduleError';
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
/** Go's time.ParseDuration syntax (sign, decimals, ns…h), plus our `d`; `0` alone as Go allows. */
const DURATION = /^[+-]?(?:0|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h|d))+)$/;
const DURATION_PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d)/g;
/** robfig/cron's optional time-zone prefix of a schedule: `TZ=Europe/Paris 0 9 * * *`. */
const TZ_PREFIX = /^(?:CRON_TZ|TZ)=(\S+)\s+(\S.*)$/s;
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

/** Parses a Go duration such as `30s`, `1.5m`, `1h30m`, `250ms` or `-5m` (and our `2d`) into milliseconds. */
export function parseDuration(text: string): number | undefined {
  if (!DURATION.test(text)) return undefined;
  let total = 0;
  for (const match of text.matchAll(DURATION_PART)) {
    const [, amount, unit] = match;
    total += Number(amount) * (UNIT_MS[unit ?? 'ms'] ?? 1);
  }
  return text.startsWith('-') ? -total : total;
}

/** The IANA zone a prefix names (`Local` is the server's), refused when the system does not know it. */
function zoneOf(name: string, text: string): string {
  const zone = name === 'Local' ? Intl.DateTimeFormat().resolvedOptions().timeZone : name;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new InvalidScheduleError(`"${text}": unknown time zone ${name}`);
  }
  return zone;
}

/**
 * Parses the schedule text of a named schedule, accepting what canary-checker's scheduler (robfig/cron's
 * standard parser) accepts: a 5-field cron expression (names, `?`, ranges, steps) in UTC, optionally
 * after `TZ=<zone> ` or `CRON_TZ=<zone> `; `@every <Go duration>` (`@every 1m30s`, `@every 1.5h`; under a
 * second it runs every second and fractions of a second are dropped, as robfig's `Every`); `@hourly`,
 * `@daily`, `@midnight`, `@weekly`, `@monthly`, `@yearly`, `@annually`; and `@never` (kept, never due).
 * Ours beyond upstream: a 6-field (second) cron expression and the `d` unit in `@every`. Throws
 * {@link InvalidScheduleError} with a readable message otherwise (`every 30 @minutes` included: robfig
 * refuses it too, so canary-checker never schedules such a canary).
 */
export function parseSchedule(text: string): ScheduleSpec {
  const prefixed = TZ_PREFIX.exec(text.trim());
  const tz = prefixed ? zoneOf(prefixed[1] ?? '', text) : undefined;
  const trimmed = prefixed ? (prefixed[2] ?? '').trim() : text.trim();
  if (trimmed === '@never') return { kind: 'never' };
  if (trimmed.startsWith('@every')) {
    const duration = trimmed.slice('@every'.length).trim();
    const parsed = parseDuration(duration);
    if (parsed === undefined) throw new InvalidScheduleError(`"${text}": expected @every <duration>, e.g. @every 30s`);
    // robfig's Every: at least a second, whole seconds
    const intervalMs = Math.max(MIN_INTERVAL_MS, Math.floor(parsed / 1_000) * 1_000);
    return { kind: 'every', intervalMs };
  }
  const expression = PREDEFINED[trimmed] ?? trimmed;
  if (expression.startsWith('@')) throw new InvalidScheduleError(`"${text}": unknown schedule`);
  const fields = expression.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) {
    throw new InvalidScheduleError(`"${text}": a cron expression has 5 or 6 fields`);
  }
  try {
    CronExpressionParser.parse(expression, { tz: tz ?? 'UTC', strict: false });
  } catch (error) {
    throw new InvalidScheduleError(`"${text}": ${(error as Error).message}`); // cron-parser throws Error
  }
  return tz ? { kind: 'cron', expression, tz } : { kind: 'cron', expression };
}

/** True for a `@never` schedule (with or without a time-zone prefix); false for anything else, valid or not. */
export function isNeverSchedule(text: string): boolean {
  const trimmed = text.trim();
  return (TZ_PREFIX.exec(trimmed)?.[2] ?? trimmed).trim() === '@never';
}

/** The far future a `@never` schedule is next due at (PostgreSQL and JavaScript both hold it). */
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * The first occurrence of a schedule strictly after `after`. Interval schedules tick on a grid
 * aligned to the Unix epoch (`@every 5m` at :00, :05, …), like cron, so their ticks never drift and
 * a per-name jitter offset keeps them apart however they were created.
 */
export function nextOccurrence(spec: ScheduleSpec, after: Date): Date {
  if (spec.kind === 'never') return NEVER;
  if (spec.kind === 'every') {
    return new Date((Math.floor(after.getTime() / spec.intervalMs) + 1) * spec.intervalMs);
  }
  return CronExpressionParser.parse(spec.expression, { tz: spec.tz ?? 'UTC', currentDate: after })
    .next()
    .toDate();
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
