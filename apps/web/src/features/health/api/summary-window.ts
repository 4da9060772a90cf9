import { HEALTH_DASHBOARD } from '@mc/contracts';
import type { TimeRange } from '../../../lib/time-range';
import { quickRangeBounds } from '../../../lib/time-range-presets';

/** The summary's window as the server reads it: `start` a duration before now or an instant, `end` an instant. */
export interface SummaryWindow {
  start: string;
  end?: string;
}

/** Days a month and a year count for in a relative range (the server's durations stop at weeks). */
const DAYS: Readonly<Record<string, number>> = { M: 30, mo: 30, y: 365 };
const RELATIVE = /^now-(\d+)(mo|[smhdwMy])$/;

/**
 * The duration a relative range asks for (`now-24h` → `24h`, `now-6M` → `180d`), or undefined for a
 * range that is not one. A duration, not an instant, keeps the query key (and the server's cache key)
 * the same from one refresh to the next.
 */
function relativeStart(range: string): string | undefined {
  const match = RELATIVE.exec(range);
  if (!match) return undefined;
  const [, count = '', unit = ''] = match;
  const days = DAYS[unit];
  return days ? `${Number(count) * days}d` : `${count}${unit}`;
}

function instant(text: string): string | undefined {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The window of the health dashboard's summary for the picked range (001 §2, §4): no range (or one the
 * server cannot read) is the trailing hour; a relative range is a duration before now; an absolute one its
 * two instants; a quick range ("Today so far") its bounds at `now`, resolved on each fetch so a refresh
 * moves them.
 */
export function summaryWindow(range: TimeRange | undefined, now: Date = new Date()): SummaryWindow {
  const fallback = { start: HEALTH_DASHBOARD.summaryWindow };
  if (!range) return fallback;
  if (range.type === 'relative') {
    const start = relativeStart(range.range);
    return start ? { start } : fallback;
  }
  if (range.type === 'mapped') {
    const { from, to } = quickRangeBounds(range.display, now);
    return { start: from.toISOString(), end: to.toISOString() };
  }
  const start = instant(range.from);
  const end = instant(range.to);
  return start && end && start < end ? { start, end } : fallback;
}

/**
 * The summary query's key part for a range: the window itself where it does not move (a duration, two
 * instants), the quick range's name where it does — so the prefetch at boot and the page share one entry.
 */
export function summaryWindowKey(range: TimeRange | undefined): string {
  if (range?.type === 'mapped') return `mapped:${range.display}`;
  const { start, end } = summaryWindow(range);
  return end ? `${start}/${end}` : start;
}
