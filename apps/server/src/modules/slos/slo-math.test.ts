import { BURN_RATE_RULES } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Bucket,
  budgetFigures,
  budgetHistory,
  burnRate,
  clipBuckets,
  evaluateBurnAlerts,
  mergeIntervals,
  runsUnderThreshold,
  totals,
} from './slo-math.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 1);

/** `hours` hourly buckets from T0, each with `runs` runs of which `bad(hour)` are bad. */
function hourly(hours: number, runs: number, bad: (hour: number) => number = () => 0): Bucket[] {
  return Array.from({ length: hours }, (_, h) => ({
    start: T0 + h * HOUR,
    end: T0 + (h + 1) * HOUR,
    good: runs - bad(h),
    bad: bad(h),
  }));
}

describe('error budget (worked examples)', () => {
  it('99.9% over 30 days of one run a minute allows 43.2 bad runs; 10 bad leave 76.85%', () => {
    const { good, bad } = totals(hourly(720, 60, (h) => (h === 100 ? 10 : 0)));
    expect(good + bad).toBe(43_200);
    const figures = budgetFigures(good, bad, 99.9);
    expect(figures.sli).toBeCloseTo(99.976_85, 4);
    expect(figures.budgetRemaining).toBeCloseTo(76.852, 2);
    expect(figures.remainingEvents).toBeCloseTo(33.2, 6);
  });

  it('an overspent budget goes below zero: 99% over 1,000 runs with 20 bad is −100%', () => {
    const figures = budgetFigures(980, 20, 99);
    expect(figures.sli).toBe(98);
    expect(figures.budgetRemaining).toBeCloseTo(-100, 9);
    expect(figures.remainingEvents).toBeCloseTo(-10, 9);
  });

  it('a window without runs has spent nothing and measured nothing', () => {
    expect(budgetFigures(0, 0, 99.9)).toEqual({ sli: null, budgetRemaining: 100, remainingEvents: 0 });
  });

  it('a burn rate of 14.4 for one hour spends 2% of a 30-day budget (the workbook’s page threshold)', () => {
    // 14.4 × the allowed 0.1% error rate = 1.44% of the last hour's 60 runs.
    const buckets = hourly(720, 60, (h) => (h === 719 ? 0.864 : 0));
    const last = buckets[719] as Bucket;
    expect(burnRate(last.good, last.bad, 99.9)).toBeCloseTo(14.4, 9);
    const { good, bad } = totals(buckets);
    expect(budgetFigures(good, bad, 99.9).budgetRemaining).toBeCloseTo(98, 9);
  });
});

describe('burn-rate alerts (multi-window, multi-burn-rate)', () => {
  const counts = (entries: [number, number, number][]) =>
    new Map(entries.map(([minutes, good, bad]) => [minutes, { good, bad }]));

  it('pages when both the hour and its last 5 minutes burn above 14.4', () => {
    // 99.9%: 1 bad of 60 in the hour is 16.7×, 1 bad of 5 in five minutes is 200×.
    const alerts = evaluateBurnAlerts(
      counts([
        [5, 4, 1],
        [30, 29, 1],
        [60, 59, 1],
        [360, 359, 1],
        [4320, 4319, 1],
      ]),
      99.9,
      BURN_RATE_RULES,
    );
    const fast = alerts.find((a) => a.name === 'fast');
    expect(fast).toMatchObject({ severity: 'page', firing: true });
    expect(fast?.long_rate).toBeCloseTo(16.667, 2);
    expect(fast?.short_rate).toBeCloseTo(200, 6);
    // 6 hours: 1 of 360 is 2.8×, under 6; 3 days: 1 of 4320 is 0.23×, under 1.
    expect(alerts.find((a) => a.name === 'medium')?.firing).toBe(false);
    expect(alerts.find((a) => a.name === 'slow')?.firing).toBe(false);
  });

  it('stays quiet once the short window has recovered, though the long one still burns', () => {
    const alerts = evaluateBurnAlerts(
      counts([
        [5, 5, 0],
        [60, 50, 10],
      ]),
      99.9,
      BURN_RATE_RULES,
    );
    expect(alerts.find((a) => a.name === 'fast')).toMatchObject({ firing: false, short_rate: 0 });
  });

  it('opens a ticket at a steady 1.5× over three days and six hours', () => {
    // 99%: 1.5% bad.
    const alerts = evaluateBurnAlerts(
      counts([
        [360, 985, 15],
        [4320, 9850, 150],
      ]),
      99,
      BURN_RATE_RULES,
    );
    expect(alerts.find((a) => a.name === 'slow')).toMatchObject({ severity: 'ticket', firing: true });
    expect(alerts.find((a) => a.name === 'slow')?.long_rate).toBeCloseTo(1.5, 9);
    // no runs in the short windows of the page alerts: nothing measured, nothing fires
    expect(alerts.find((a) => a.name === 'fast')).toMatchObject({ firing: false, long_rate: null });
  });
});

describe('maintenance exclusions', () => {
  it('drops the runs of an hour-aligned window: its 10 bad runs no longer count', () => {
    const buckets = hourly(720, 60, (h) => (h === 100 || h === 101 ? 5 : 0));
    const clipped = clipBuckets(buckets, T0, T0 + 30 * DAY, [{ start: T0 + 100 * HOUR, end: T0 + 102 * HOUR }]);
    const { good, bad } = totals(clipped);
    expect(bad).toBe(0);
    expect(good).toBe(43_200 - 120);
    expect(budgetFigures(good, bad, 99.9).budgetRemaining).toBe(100);
  });

  it('prorates a bucket the window covers in part, and counts overlapping windows once', () => {
    const buckets = hourly(2, 60, () => 6);
    const half = T0 + HOUR / 2;
    const clipped = clipBuckets(buckets, T0, T0 + 2 * HOUR, [
      { start: half, end: T0 + HOUR },
      { start: half + 60_000, end: T0 + HOUR - 60_000 },
    ]);
    expect(totals(clipped)).toEqual({ good: 27 + 54, bad: 3 + 6 });
    expect(
      mergeIntervals([
        { start: 5, end: 10 },
        { start: 0, end: 6 },
        { start: 20, end: 20 },
      ]),
    ).toEqual([{ start: 0, end: 10 }]);
  });

  it('takes out exactly the runs a window covered while raw runs are kept, else a share', () => {
    const buckets = hourly(2, 60, (h) => (h === 1 ? 6 : 0));
    // a 10-minute window in hour 1 that held its 6 bad runs and 4 good ones
    const window = [{ start: T0 + HOUR + 600_000, end: T0 + HOUR + 1_200_000 }];
    const inside = { byHour: new Map([[T0 + HOUR, { good: 4, bad: 6 }]]), rawSince: T0 };
    expect(totals(clipBuckets(buckets, T0, T0 + 2 * HOUR, window, inside))).toEqual({ good: 110, bad: 0 });
    // raw runs of that hour no longer kept: five sixths of the hour's runs stay
    const expired = { byHour: new Map(), rawSince: T0 + 2 * HOUR };
    expect(totals(clipBuckets(buckets, T0, T0 + 2 * HOUR, window, expired))).toEqual({ good: 105, bad: 5 });
  });

  it('clips buckets to the rolling window: the first hour counts for the share inside it', () => {
    const clipped = clipBuckets(
      hourly(3, 60, () => 60),
      T0 + HOUR / 4,
      T0 + 3 * HOUR,
    );
    expect(totals(clipped).bad).toBe(45 + 60 + 60);
  });
});

describe('latency under a threshold from the rollup histogram', () => {
  it('counts whole buckets under the threshold and interpolates the straddling one', () => {
    // base 2 for round numbers: bucket 1 is 0–1 ms, 2 is (1, 2], 3 is (2, 4], 4 is (4, 8]
    const hist = [10, 10, 10, 10];
    expect(runsUnderThreshold(hist, 4, 2)).toBe(30);
    expect(runsUnderThreshold(hist, 6, 2)).toBe(35);
    expect(runsUnderThreshold(hist, 1000, 2)).toBe(40);
    expect(runsUnderThreshold(hist, 0.5, 2)).toBe(5);
  });
});

describe('budget history', () => {
  it('slides the window along: each point is the budget left of the window ending there', () => {
    // 99%, one-day window, 100 runs an hour; one bad hour (12 bad) on day 1 at hour 5.
    const buckets = hourly(72, 100, (h) => (h === 5 ? 12 : 0));
    const points = budgetHistory(buckets, DAY, T0 + DAY, T0 + 3 * DAY, DAY, 99);
    // window ending at day 1 holds 2,400 runs, allows 24 bad, 12 spent: 50%
    expect(points.map((p) => Number(p.budgetRemaining?.toFixed(9)))).toEqual([50, 100, 100]);
    expect(points.map((p) => p.time)).toEqual([T0 + DAY, T0 + 2 * DAY, T0 + 3 * DAY]);
  });

  it('is null where the window holds no run', () => {
    expect(budgetHistory([], DAY, T0, T0 + HOUR, HOUR, 99.9).map((p) => p.budgetRemaining)).toEqual([null, null]);
  });
});
