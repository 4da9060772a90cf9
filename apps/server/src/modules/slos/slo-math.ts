/**
 * The arithmetic of SLOs, free of the database so it is tested alone against worked examples: error
 * budgets, burn rates, the workbook's multi-window alerts, latency-under-threshold from the rollups'
 * histograms, and the exclusion of maintenance windows. Counts are runs: a good run meets the objective,
 * a bad one spends budget. Times are epoch milliseconds.
 */
import type { BurnRateRule, SloBurnAlert } from '@mc/contracts';

/** A half-open interval [start, end) in epoch ms. */
export interface Interval {
  start: number;
  end: number;
}

/** Good and bad runs over [start, end). */
export interface Bucket extends Interval {
  good: number;
  bad: number;
}

/** Sorted, non-overlapping intervals covering the same time as `intervals`. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** Milliseconds of [start, end) covered by the merged `intervals`. */
export function coveredMs(merged: readonly Interval[], start: number, end: number): number {
  let covered = 0;
  for (const interval of merged) {
    const overlap = Math.min(end, interval.end) - Math.max(start, interval.start);
    if (overlap > 0) covered += overlap;
  }
  return covered;
}

/**
 * The raw runs inside the exclusions, by hour start, and since when raw runs are kept: with them an hour
 * loses exactly the runs a window covered, not a share of its runs.
 */
export interface RunsInside {
  byHour: ReadonlyMap<number, { good: number; bad: number }>;
  rawSince: number | null;
}

const HOUR_MS = 3_600_000;

/**
 * The buckets inside [from, to) with the excluded time taken out. An hour a window covers in part loses
 * the runs counted inside the window (`inside`) while raw runs are kept; otherwise, and for the share of
 * a bucket outside [from, to), it keeps the share of its runs matching the share of its time left
 * (runs are assumed even within a bucket — exact for hour-aligned windows, the usual maintenance window).
 */
export function clipBuckets(
  buckets: readonly Bucket[],
  from: number,
  to: number,
  exclusions: readonly Interval[] = [],
  inside?: RunsInside,
): Bucket[] {
  const merged = mergeIntervals(exclusions);
  const rawHour = inside?.rawSince == null ? Infinity : Math.floor(inside.rawSince / HOUR_MS) * HOUR_MS;
  const out: Bucket[] = [];
  for (const bucket of buckets) {
    const start = Math.max(bucket.start, from);
    const end = Math.min(bucket.end, to);
    const length = bucket.end - bucket.start;
    if (end <= start || length <= 0) continue;
    const covered = coveredMs(merged, start, end);
    if (covered > 0 && inside && bucket.start >= rawHour) {
      // exact: the hour's runs minus those inside the windows, then the range's share of what is left
      const removed = inside.byHour.get(bucket.start) ?? { good: 0, bad: 0 };
      const left = length - coveredMs(merged, bucket.start, bucket.end);
      const share = left <= 0 ? 0 : Math.min(1, (end - start - covered) / left);
      if (share <= 0) continue;
      const good = Math.max(0, bucket.good - removed.good) * share;
      const bad = Math.max(0, bucket.bad - removed.bad) * share;
      out.push({ start, end, good, bad });
      continue;
    }
    const kept = (end - start - covered) / length;
    if (kept <= 0) continue;
    out.push({ start, end, good: bucket.good * kept, bad: bucket.bad * kept });
  }
  return out;
}

/** Sums of good and bad runs. */
export function totals(buckets: readonly Pick<Bucket, 'good' | 'bad'>[]): { good: number; bad: number } {
  let good = 0;
  let bad = 0;
  for (const bucket of buckets) {
    good += bucket.good;
    bad += bucket.bad;
  }
  return { good, bad };
}

/** The error budget and the measured level of `good` and `bad` runs against a target in percent. */
export interface BudgetFigures {
  /** Measured level in percent; null without a run. */
  sli: number | null;
  /** Share of the budget left, in percent (negative once overspent); 100 without a run. */
  budgetRemaining: number;
  /** Bad runs still allowed in the window (negative once overspent). */
  remainingEvents: number;
}

/**
 * Budget figures: the window allows (1 − target) of its runs to be bad; the budget left is the share of
 * that allowance not spent. 99.9% over 43,200 runs allows 43.2 bad runs: 10 bad leave 76.85%.
 */
export function budgetFigures(good: number, bad: number, target: number): BudgetFigures {
  const total = good + bad;
  if (total <= 0) return { sli: null, budgetRemaining: 100, remainingEvents: 0 };
  const allowed = ((100 - target) / 100) * total;
  return {
    sli: (good / total) * 100,
    budgetRemaining: (1 - bad / allowed) * 100,
    remainingEvents: allowed - bad,
  };
}

/**
 * How fast the budget burns: the error rate over a window divided by the rate the target allows. 1 spends
 * exactly the budget over the SLO's window; 14.4 spends 2% of a 30-day budget in an hour. Null without a run.
 */
export function burnRate(good: number, bad: number, target: number): number | null {
  const total = good + bad;
  if (total <= 0) return null;
  return bad / total / ((100 - target) / 100);
}

/**
 * The workbook's alerts: each fires when the burn rate over its long window AND over its short window
 * both exceed its factor (the short window makes it stop soon after the burning stops). `counts` maps
 * window minutes to that window's runs.
 */
export function evaluateBurnAlerts(
  counts: ReadonlyMap<number, { good: number; bad: number }>,
  target: number,
  rules: readonly BurnRateRule[],
): SloBurnAlert[] {
  const rateOf = (minutes: number) => {
    const window = counts.get(minutes);
    return window ? burnRate(window.good, window.bad, target) : null;
  };
  return rules.map((rule) => {
    const longRate = rateOf(rule.longMinutes);
    const shortRate = rateOf(rule.shortMinutes);
    return {
      name: rule.name,
      severity: rule.severity,
      factor: rule.factor,
      long_minutes: rule.longMinutes,
      short_minutes: rule.shortMinutes,
      long_rate: longRate,
      short_rate: shortRate,
      firing: longRate !== null && shortRate !== null && longRate > rule.factor && shortRate > rule.factor,
    };
  });
}

/**
 * Runs of a latency histogram (the rollups' log-spaced buckets: bucket 1 is 0–1 ms, bucket i is
 * (base^(i−2), base^(i−1)] ms) at or under `thresholdMs`: whole buckets below it, and the straddling
 * bucket's share by linear interpolation (the summary's percentiles make the same assumption).
 */
export function runsUnderThreshold(hist: readonly number[], thresholdMs: number, base: number): number {
  let good = 0;
  for (let i = 0; i < hist.length; i++) {
    const bucket = i + 1;
    const lower = bucket <= 1 ? 0 : base ** (bucket - 2);
    const upper = bucket <= 1 ? 1 : base ** (bucket - 1);
    const n = hist[i] ?? 0;
    if (upper <= thresholdMs) good += n;
    else if (lower < thresholdMs) good += (n * (thresholdMs - lower)) / (upper - lower);
  }
  return good;
}

/** One point of a budget history. */
export interface HistoryPoint {
  time: number;
  budgetRemaining: number | null;
}

/**
 * The budget left of the rolling window ending at each step from `from` to `to` (every `stepMs`), from
 * buckets already clipped of exclusions: a sliding sum, so a month of hourly points costs one pass.
 * A point whose window holds no run is null (nothing measured).
 */
export function budgetHistory(
  buckets: readonly Bucket[],
  windowMs: number,
  from: number,
  to: number,
  stepMs: number,
  target: number,
): HistoryPoint[] {
  const sorted = [...buckets].sort((a, b) => a.start - b.start);
  const points: HistoryPoint[] = [];
  let head = 0;
  let tail = 0;
  let good = 0;
  let bad = 0;
  for (let time = from; time <= to; time += stepMs) {
    for (; head < sorted.length && (sorted[head]?.end ?? Infinity) <= time; head++) {
      good += sorted[head]?.good ?? 0;
      bad += sorted[head]?.bad ?? 0;
    }
    for (; tail < head && (sorted[tail]?.start ?? Infinity) < time - windowMs; tail++) {
      good -= sorted[tail]?.good ?? 0;
      bad -= sorted[tail]?.bad ?? 0;
    }
    const total = good + bad;
    points.push({ time, budgetRemaining: total > 1e-9 ? budgetFigures(good, bad, target).budgetRemaining : null });
  }
  return points;
}
