import { RECENT_TIME_RANGES_LIMIT, UI_MESSAGES } from '@mc/contracts';
import { QUICK_RANGES, type QuickRange } from './time-range-presets';

/** A chosen time range (001 §3): relative ('now-5m'), absolute (from/to) or mapped (a quick range). */
export type TimeRange =
  | { type: 'relative'; display: string; range: string }
  | { type: 'absolute'; display?: string; from: string; to: string }
  | { type: 'mapped'; display: QuickRange };

/** Every URL parameter a time range may use; Clear removes all of them (001 §2). */
export const TIME_RANGE_PARAMS = ['rangeType', 'display', 'from', 'to', 'range', 'timeRange'] as const;

function isQuickRange(value: string): value is QuickRange {
  return (QUICK_RANGES as readonly string[]).includes(value);
}

/** Resolves a mapped range by its display; an unknown one throws 'Invalid mapped time range'. */
export function parseMappedRange(display: string | null): TimeRange {
  if (!display || !isQuickRange(display)) throw new Error(UI_MESSAGES.invalidMappedRange);
  return { type: 'mapped', display };
}

/**
 * Reads a time range from the URL. A relative range without its range value logs
 * 'Invalid relative time range'; an unknown mapped range logs 'Invalid mapped time range'. Both
 * then count as no range, so the page falls back to its default.
 */
export function timeRangeFromParams(params: URLSearchParams): TimeRange | undefined {
  const type = params.get('rangeType');
  const display = params.get('display') ?? '';
  if (type === 'relative') {
    const range = params.get('range');
    if (!range) {
      console.error(UI_MESSAGES.invalidRelativeRange);
      return undefined;
    }
    return { type: 'relative', display: display || range, range };
  }
  if (type === 'absolute') {
    const from = params.get('from');
    const to = params.get('to');
    if (!from || !to) return undefined;
    return { type: 'absolute', from, to, ...(display ? { display } : {}) };
  }
  if (type === 'mapped') {
    try {
      return parseMappedRange(display);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return undefined;
    }
  }
  return undefined;
}

/** The URL parameters for a range; every other time-range parameter is cleared. */
export function timeRangeToParams(range: TimeRange | undefined): Record<string, string | undefined> {
  const cleared: Record<string, string | undefined> = Object.fromEntries(
    TIME_RANGE_PARAMS.map((key) => [key, undefined]),
  );
  if (!range) return cleared;
  if (range.type === 'relative')
    return { ...cleared, rangeType: 'relative', display: range.display, range: range.range };
  if (range.type === 'mapped') return { ...cleared, rangeType: 'mapped', display: range.display };
  return { ...cleared, rangeType: 'absolute', display: range.display, from: range.from, to: range.to };
}

/** How a range reads on the picker button. */
export function timeRangeLabel(range: TimeRange | undefined): string {
  if (!range) return 'Time range';
  if (range.type === 'absolute') return range.display ?? `${range.from} to ${range.to}`;
  return range.display;
}

/** A recently used absolute range. */
export interface RecentRange {
  from: string;
  to: string;
}

/** Puts a range first, drops duplicates, keeps the newest 5 (001 §9, recentlyUsedTimeRanges). */
export function addRecentRange(list: readonly RecentRange[], range: RecentRange): RecentRange[] {
  const rest = list.filter((item) => item.from !== range.from || item.to !== range.to);
  return [range, ...rest].slice(0, RECENT_TIME_RANGES_LIMIT);
}
