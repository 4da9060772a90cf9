import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addRecentRange,
  parseMappedRange,
  TIME_RANGE_PARAMS,
  timeRangeFromParams,
  timeRangeToParams,
} from './time-range';
import {
  DEFAULT_TIME_RANGE_OPTION,
  FUTURE_PRESETS,
  PAST_PRESETS,
  QUICK_RANGES,
  quickRangeBounds,
  TIME_RANGE_OPTIONS,
} from './time-range-presets';

afterEach(() => vi.restoreAllMocks());

describe('time-range URL parameters', () => {
  it('round-trips relative, absolute and mapped ranges through rangeType, display, from, to, range', () => {
    const relative = { type: 'relative' as const, display: 'Last 5 minutes', range: 'now-5m' };
    const absolute = { type: 'absolute' as const, from: '2025-01-01 00:00', to: '2025-01-02 00:00' };
    const mapped = { type: 'mapped' as const, display: 'Yesterday' as const };
    for (const range of [relative, absolute, mapped]) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(timeRangeToParams(range))) if (value) params.set(key, value);
      expect(timeRangeFromParams(params)).toEqual(range);
    }
    expect(TIME_RANGE_PARAMS).toEqual(['rangeType', 'display', 'from', 'to', 'range', 'timeRange']);
  });

  it('clearing removes every time-range parameter', () => {
    expect(Object.values(timeRangeToParams(undefined)).every((value) => value === undefined)).toBe(true);
    expect(Object.keys(timeRangeToParams(undefined)).sort()).toEqual([...TIME_RANGE_PARAMS].sort());
  });

  it("raises 'Invalid mapped time range' for an unknown mapped range, and the URL reader ignores it", () => {
    expect(() => parseMappedRange('Next Tuesday')).toThrow('Invalid mapped time range');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(timeRangeFromParams(new URLSearchParams('rangeType=mapped&display=Next+Tuesday'))).toBeUndefined();
    expect(error).toHaveBeenCalledWith('Invalid mapped time range');
  });

  it("logs 'Invalid relative time range' when the range value is missing", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(timeRangeFromParams(new URLSearchParams('rangeType=relative&display=x'))).toBeUndefined();
    expect(error).toHaveBeenCalledWith('Invalid relative time range');
  });
});

describe('recently used ranges', () => {
  it('keeps the newest 5 without duplicates', () => {
    let list: Array<{ from: string; to: string }> = [];
    for (let day = 1; day <= 7; day += 1) list = addRecentRange(list, { from: `d${day}`, to: 'x' });
    expect(list.map((item) => item.from)).toEqual(['d7', 'd6', 'd5', 'd4', 'd3']);
    list = addRecentRange(list, { from: 'd5', to: 'x' });
    expect(list.map((item) => item.from)).toEqual(['d5', 'd7', 'd6', 'd4', 'd3']);
  });
});

describe('presets', () => {
  it('offers the past presets, Indefinitely first among the future ones, and the 14 quick ranges', () => {
    expect(PAST_PRESETS.map((preset) => preset.range)).toEqual([
      'now-5m',
      'now-15m',
      'now-30m',
      'now-1h',
      'now-3h',
      'now-6h',
      'now-12h',
      'now-24h',
      'now-2d',
      'now-7d',
      'now-30d',
      'now-90d',
      'now-6M',
      'now-1y',
      'now-2y',
      'now-5y',
    ]);
    expect(FUTURE_PRESETS[0]?.display).toBe('Indefinitely');
    expect(FUTURE_PRESETS).toHaveLength(PAST_PRESETS.length + 1);
    expect(QUICK_RANGES).toHaveLength(14);
  });

  it('has the time-range options of 001 §9 with 1h, the second, as default', () => {
    expect(TIME_RANGE_OPTIONS.map((option) => option.value)).toEqual([
      '15m',
      '1h',
      '2h',
      '3h',
      '6h',
      '12h',
      '1d',
      '2d',
      '3d',
      '1w',
      '2w',
      '3w',
      '1mo',
      '2mo',
      '3mo',
      '6mo',
      '1y',
      '2y',
      '3y',
      '5y',
    ]);
    expect(TIME_RANGE_OPTIONS[1]?.value).toBe(DEFAULT_TIME_RANGE_OPTION);
    expect(TIME_RANGE_OPTIONS.find((option) => option.value === '5y')?.minutes).toBe(2_592_000);
  });

  it('resolves quick ranges to local calendar bounds', () => {
    const now = new Date(2025, 5, 18, 15, 30); // Wednesday 18 June 2025, 15:30 local
    expect(quickRangeBounds('Yesterday', now)).toEqual({
      from: new Date(2025, 5, 17),
      to: new Date(new Date(2025, 5, 18).getTime() - 1),
    });
    expect(quickRangeBounds('Today so far', now)).toEqual({ from: new Date(2025, 5, 18), to: now });
    expect(quickRangeBounds('This week so far', now).from).toEqual(new Date(2025, 5, 16));
    expect(quickRangeBounds('Previous month', now).from).toEqual(new Date(2025, 4, 1));
    expect(quickRangeBounds('Previous year', now).to).toEqual(new Date(new Date(2025, 0, 1).getTime() - 1));
  });
});
