/**
 * When a maintenance window happens: its one occurrence, or an RFC 5545 RRULE expanded in the window's IANA
 * time zone. The rule is expanded by `rrule` in floating time (a Date whose UTC fields are the local
 * wall-clock time) and each start is placed in the zone by `luxon`, so 02:00 Europe/Berlin stays 02:00
 * local across DST changes (ADR 0015). Durations are real minutes.
 */
import { MAINTENANCE_MAX_OCCURRENCES } from '@mc/contracts';
import { DateTime, IANAZone } from 'luxon';
import * as rruleModule from 'rrule';

// Node loads rrule's CommonJS build (its exports under `default`); Vite and bundlers load its ES build.
const rrule: typeof rruleModule = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule; // either shape, same API
const { Frequency, RRule } = rrule;

/** What fixes a window's occurrences. */
export interface WindowTiming {
  startsAt: Date;
  durationMinutes: number;
  timezone: string;
  rrule: string | null;
}

/** One occurrence: [start, end). */
export interface Occurrence {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** True for an IANA zone name luxon knows (`Europe/Berlin`, `UTC`). */
export function validTimezone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** The wall-clock time of `instant` in `zone`, as a floating Date. */
function toFloating(instant: Date, zone: string): Date {
  const local = DateTime.fromJSDate(instant, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/**
 * The instant of a floating wall-clock time in `zone`: a time in the spring-forward gap moves forward, a
 * time that happens twice (the autumn change) is its first, daylight, instant.
 */
function fromFloating(floating: Date, zone: string): Date {
  const local = DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    { zone },
  );
  const instants = local.getPossibleOffsets().map((candidate) => candidate.toMillis());
  return new Date(instants.length > 1 ? Math.min(...instants) : local.toMillis());
}

/**
 * Why `text` is not a rule a window may carry, or undefined when it is: it must parse, name FREQ, repeat
 * at most hourly, and leave DTSTART and TZID to the window's `starts_at` and `timezone`.
 */
export function rruleError(text: string): string | undefined {
  const body = text.replace(/^RRULE:/i, '');
  if (/DTSTART|TZID/i.test(body)) return 'rrule: DTSTART and TZID come from starts_at and timezone, not the rule';
  if (!/(^|;)FREQ=/i.test(body)) return 'rrule: FREQ is required (e.g. FREQ=WEEKLY;BYDAY=SU)';
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined) return 'rrule: FREQ is required';
    if (options.freq === Frequency.MINUTELY || options.freq === Frequency.SECONDLY) {
      return 'rrule: a window may repeat at most hourly';
    }
    new RRule({ ...options, dtstart: new Date(0) }).after(new Date(0), true);
    return undefined;
  } catch {
    return 'rrule: not a valid RFC 5545 recurrence rule';
  }
}

function ruleOf(timing: WindowTiming & { rrule: string }): rruleModule.RRule {
  const options = RRule.parseString(timing.rrule.replace(/^RRULE:/i, ''));
  return new RRule({ ...options, dtstart: toFloating(timing.startsAt, timing.timezone), tzid: null });
}

/** The occurrences of a window that overlap [from, to), in order, at most {@link MAINTENANCE_MAX_OCCURRENCES}. */
export function occurrencesBetween(timing: WindowTiming, from: Date, to: Date): Occurrence[] {
  const length = timing.durationMinutes * MINUTE;
  const overlaps = (start: Date) => start.getTime() < to.getTime() && start.getTime() + length > from.getTime();
  if (!timing.rrule) {
    return overlaps(timing.startsAt)
      ? [{ start: timing.startsAt, end: new Date(timing.startsAt.getTime() + length) }]
      : [];
  }
  const rule = ruleOf({ ...timing, rrule: timing.rrule });
  // a day of slack each side covers any zone offset between floating and real time
  const after = toFloating(new Date(from.getTime() - length - DAY), 'UTC');
  const before = toFloating(new Date(to.getTime() + DAY), 'UTC');
  const found: Occurrence[] = [];
  rule.between(after, before, true, (floating) => {
    const start = fromFloating(floating, timing.timezone);
    if (overlaps(start)) found.push({ start, end: new Date(start.getTime() + length) });
    return found.length < MAINTENANCE_MAX_OCCURRENCES;
  });
  return found;
}

/** The end of a window's last occurrence; null when the recurrence never ends (or ends too far out to list). */
export function seriesEnd(timing: WindowTiming): Date | null {
  const length = timing.durationMinutes * MINUTE;
  if (!timing.rrule) return new Date(timing.startsAt.getTime() + length);
  const rule = ruleOf({ ...timing, rrule: timing.rrule });
  if (!rule.options.count && !rule.options.until) return null;
  let last: Date | undefined;
  let seen = 0;
  rule.all((floating) => {
    last = floating;
    seen += 1;
    return seen < MAINTENANCE_MAX_OCCURRENCES * 10;
  });
  if (seen >= MAINTENANCE_MAX_OCCURRENCES * 10) return null;
  return last ? new Date(fromFloating(last, timing.timezone).getTime() + length) : timing.startsAt;
}
