import type { TimeRange } from '../../lib/time-range';
import { quickRangeBounds } from '../../lib/time-range-presets';

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1e3,
  m: 60e3,
  h: 3600e3,
  d: 86400e3,
  w: 604800e3,
  M: 2592000e3,
  y: 31536000e3,
};

/**
 * The picked range as ISO instants for a list query, so every list filters by time the same way.
 * Absolute bounds that don't parse are left out; a quick range ("Yesterday") is resolved at `now`;
 * a relative range ("now-24h") is an open lower bound rounded down to the minute, which keeps the
 * query key stable between renders.
 */
export function rangeBounds(range: TimeRange | undefined, now = Date.now()): { from?: string; to?: string } {
  if (!range) return {};
  if (range.type === 'absolute') {
    const from = new Date(range.from);
    const to = new Date(range.to);
    return {
      ...(Number.isNaN(from.getTime()) ? {} : { from: from.toISOString() }),
      ...(Number.isNaN(to.getTime()) ? {} : { to: to.toISOString() }),
    };
  }
  if (range.type === 'mapped') {
    const { from, to } = quickRangeBounds(range.display, new Date(now));
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const match = /^now-(\d+)(mo|[smhdwMy])$/.exec(range.range);
  if (!match) return {};
  const unit = match[2] === 'mo' ? 'M' : (match[2] ?? 'd');
  const minute = Math.floor(now / 60e3) * 60e3;
  return { from: new Date(minute - Number(match[1]) * (UNIT_MS[unit] ?? 0)).toISOString() };
}

/**
 * The instant a future preset ("now+1h", 001 §9) ends at `now`, as ISO; null for Indefinitely or a
 * range that is not a future preset (a silence stores no end as null, 000 §4).
 */
export function futureBound(range: string, now = Date.now()): string | null {
  const match = /^now\+(\d+)(mo|[smhdwMy])$/.exec(range);
  if (!match) return null;
  const unit = match[2] === 'mo' ? 'M' : (match[2] ?? 'd');
  return new Date(now + Number(match[1]) * (UNIT_MS[unit] ?? 0)).toISOString();
}
