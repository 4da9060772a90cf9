/**
 * Time ranges of the health API: `start`/`end` as a duration before now (`1h`, `30m`, `7d`, `2w`,
 * `90s`) or an RFC 3339 time, upstream's defaults (`start` 1h, `end` now). The window is exactly the one
 * asked — upstream's console widens it by up to 59 minutes; we do not.
 */
import { AppError } from '../../../platform/errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/;

/** A resolved window [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

function parseTime(name: string, value: string, now: Date): Date {
  const text = value.trim();
  const duration = DURATION.exec(text);
  if (duration) {
    // The regex captured a number and one of UNIT_MS's keys.
    return new Date(now.getTime() - Number(duration[1]) * (UNIT_MS[duration[2] as string] ?? 0));
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new AppError(
    'bad_request',
    `${name} must be a duration before now (such as 1h, 30m, 7d) or an RFC 3339 time, not '${value}'`,
  );
}

/** Resolves `start`/`end`; 400 on an unreadable value or a start not before the end. */
export function resolveWindow(start: string | undefined, end: string | undefined, now = new Date()): TimeWindow {
  const from = parseTime('start', start || '1h', now);
  const to = end && end !== '0s' ? parseTime('end', end, now) : now;
  if (from.getTime() >= to.getTime()) throw new AppError('bad_request', 'start must be before end');
  return { from, to };
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The window cut into raw edges, whole hours and whole days (UTC), so each part reads its own table. */
export interface WindowParts {
  /** Raw-table windows (the partial hours at either end, or the whole window when under an hour). */
  raw: TimeWindow[];
  /** Hourly-rollup windows (bucket starts, [from, to)). */
  hours: TimeWindow[];
  /** Daily-rollup window, when at least one whole day fits. */
  days: TimeWindow | null;
}

/** Splits a window for the rollup query. */
export function splitWindow({ from, to }: TimeWindow): WindowParts {
  const h0 = Math.ceil(from.getTime() / HOUR) * HOUR;
  const h1 = Math.floor(to.getTime() / HOUR) * HOUR;
  if (h0 >= h1) return { raw: [{ from, to }], hours: [], days: null };
  const raw: TimeWindow[] = [];
  if (from.getTime() < h0) raw.push({ from, to: new Date(h0) });
  if (h1 < to.getTime()) raw.push({ from: new Date(h1), to });
  const d0 = Math.ceil(h0 / DAY) * DAY;
  const d1 = Math.floor(h1 / DAY) * DAY;
  if (d0 >= d1) return { raw, hours: [{ from: new Date(h0), to: new Date(h1) }], days: null };
  const hours: TimeWindow[] = [];
  if (h0 < d0) hours.push({ from: new Date(h0), to: new Date(d0) });
  if (d1 < h1) hours.push({ from: new Date(d1), to: new Date(h1) });
  return { raw, hours, days: { from: new Date(d0), to: new Date(d1) } };
}
