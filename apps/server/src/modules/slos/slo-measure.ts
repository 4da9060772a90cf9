/**
 * Measures an SLO from the health rollups: hourly buckets of its check (or of every check linked to its
 * component) become good and bad runs, maintenance windows are taken out, and the arithmetic of
 * slo-math.ts gives the budget, its history, the burn rates and the period figures. Short burn-rate
 * windows (≤ 6 h) read the raw results, where an hour is too coarse.
 */
import { BURN_RATE_RULES, BURN_RATE_WINDOWS, type SloBurnAlert, type SloStatus } from '@mc/contracts';
import type { Database } from '@mc/db';
import { HIST_BASE, type HourlyCounts, hourlyCounts, recentWindowCounts, runsInside } from '../health/index.js';
import { exclusionsOf, type SloObject } from './maintenance-exclusions.js';
import {
  type Bucket,
  budgetFigures,
  budgetHistory,
  clipBuckets,
  coveredMs,
  evaluateBurnAlerts,
  type HistoryPoint,
  type Interval,
  mergeIntervals,
  type RunsInside,
  runsUnderThreshold,
  totals,
} from './slo-math.js';
import type { SloRow } from './slos.repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Burn windows up to this long read raw results; longer ones the hourly rollups. */
const RAW_WINDOW_MINUTES = 360;

/** The check or component an SLO is on. */
const objectOf = (slo: SloRow): SloObject =>
  slo.check_id ? { checkId: slo.check_id } : { componentId: slo.component_id ?? '' };

/** What measuring an SLO needs besides its row. */
export interface MeasureContext {
  database: Database;
  /** The checks the SLO counts (its check, or its component's linked checks). */
  checkIds: readonly string[];
  now: Date;
}

/** Good and bad runs of one hour, by the SLO's kind. */
function toBucket(hour: HourlyCounts, slo: SloRow, now: number): Bucket {
  const start = hour.start.getTime();
  // the current hour holds only the runs so far: its bucket ends now, so clipping keeps it whole
  const end = Math.min(start + HOUR, Math.max(now, start + 1));
  if (slo.kind === 'latency' && slo.latency_threshold_ms !== null) {
    const total = hour.hist.reduce((sum, n) => sum + n, 0);
    const good = runsUnderThreshold(hour.hist, slo.latency_threshold_ms, HIST_BASE);
    return { start, end, good, bad: total - good };
  }
  return { start, end, good: hour.passed, bad: hour.failed };
}

/** What the arithmetic needs of an SLO's runs: hourly buckets, the excluded spans and the runs inside them. */
interface Measured {
  buckets: Bucket[];
  excluded: Interval[];
  inside: RunsInside;
}

/** Hourly buckets of the SLO over [from, to], the maintenance spans left out and the raw runs inside them. */
async function bucketsOf(slo: SloRow, ctx: MeasureContext, from: number, to = ctx.now.getTime()): Promise<Measured> {
  const now = ctx.now.getTime();
  const hourFrom = new Date(Math.floor(from / HOUR) * HOUR);
  const [hours, spans] = await Promise.all([
    hourlyCounts(ctx.database, ctx.checkIds, hourFrom, new Date(Math.min(to, now) + 1), slo.kind === 'latency'),
    exclusionsOf(ctx.database, objectOf(slo), new Date(from), new Date(to)),
  ]);
  const excluded = mergeIntervals(spans);
  const inside = await runsInside(
    ctx.database,
    ctx.checkIds,
    excluded.map((x) => ({ start: new Date(x.start), end: new Date(x.end) })),
    slo.kind === 'latency' ? slo.latency_threshold_ms : null,
  );
  return { buckets: hours.map((hour) => toBucket(hour, slo, now)), excluded, inside };
}

/** Burn rates of every rule's windows: raw results for the short ones, the clipped buckets for the long. */
async function burnAlerts(slo: SloRow, ctx: MeasureContext, measured: Measured): Promise<SloBurnAlert[]> {
  const { buckets, excluded, inside } = measured;
  const now = ctx.now.getTime();
  const short = BURN_RATE_WINDOWS.filter((m) => m <= RAW_WINDOW_MINUTES);
  const raw = await recentWindowCounts(
    ctx.database,
    ctx.checkIds,
    short,
    ctx.now,
    excluded.map((x) => ({ start: new Date(x.start), end: new Date(x.end) })),
    slo.kind === 'latency' ? slo.latency_threshold_ms : null,
  );
  const counts = new Map<number, { good: number; bad: number }>(raw.map((w) => [w.minutes, w]));
  for (const minutes of BURN_RATE_WINDOWS.filter((m) => m > RAW_WINDOW_MINUTES))
    counts.set(minutes, totals(clipBuckets(buckets, now - minutes * MINUTE, now, excluded, inside)));
  return evaluateBurnAlerts(counts, slo.target, BURN_RATE_RULES);
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** An SLO's figures over its rolling window ending now, and its burn-rate alerts. */
export async function measureSlo(slo: SloRow, ctx: MeasureContext): Promise<SloStatus> {
  const now = ctx.now.getTime();
  const from = now - slo.window_days * DAY;
  const longest = Math.max(...BURN_RATE_WINDOWS) * MINUTE;
  const measured = await bucketsOf(slo, ctx, Math.min(from, now - longest));
  const { excluded } = measured;
  const { good, bad } = totals(clipBuckets(measured.buckets, from, now, excluded, measured.inside));
  const figures = budgetFigures(good, bad, slo.target);
  return {
    good: round(good, 2),
    bad: round(bad, 2),
    total: round(good + bad, 2),
    sli: figures.sli === null ? null : round(figures.sli),
    budget_remaining: round(figures.budgetRemaining, 2),
    budget_remaining_events: round(figures.remainingEvents, 2),
    excluded_minutes: Math.round(coveredMs(excluded, from, now) / MINUTE),
    burn_alerts: (await burnAlerts(slo, ctx, measured)).map((alert) => ({
      ...alert,
      long_rate: alert.long_rate === null ? null : round(alert.long_rate, 3),
      short_rate: alert.short_rate === null ? null : round(alert.short_rate, 3),
    })),
  };
}

/** Only the burn-rate alerts (the evaluation job): the last three days of buckets, not the whole window. */
export async function measureBurn(slo: SloRow, ctx: MeasureContext): Promise<SloBurnAlert[]> {
  const longest = Math.max(...BURN_RATE_WINDOWS) * MINUTE;
  return burnAlerts(slo, ctx, await bucketsOf(slo, ctx, ctx.now.getTime() - longest));
}

/** The budget left of the rolling window ending at each hour over the last window length. */
export async function sloHistory(slo: SloRow, ctx: MeasureContext): Promise<HistoryPoint[]> {
  const now = ctx.now.getTime();
  const windowMs = slo.window_days * DAY;
  const lastHour = Math.floor(now / HOUR) * HOUR;
  const first = lastHour - windowMs;
  const { buckets, excluded, inside } = await bucketsOf(slo, ctx, first - windowMs);
  const clipped = clipBuckets(buckets, first - windowMs, now, excluded, inside);
  const points = budgetHistory(clipped, windowMs, first, lastHour, HOUR, slo.target);
  // the last point is now, so the chart ends on the figure the SLO shows
  points.push(...budgetHistory(clipped, windowMs, now, now, HOUR, slo.target));
  return points.map((p) => ({
    ...p,
    budgetRemaining: p.budgetRemaining === null ? null : round(p.budgetRemaining, 2),
  }));
}

/** An SLO's figures over a calendar period [from, to) (the report). */
export async function measurePeriod(
  slo: SloRow,
  ctx: MeasureContext,
  from: number,
  to: number,
): Promise<{ good: number; bad: number; excludedMinutes: number }> {
  const end = Math.min(to, ctx.now.getTime());
  if (end <= from) return { good: 0, bad: 0, excludedMinutes: 0 };
  const { buckets, excluded, inside } = await bucketsOf(slo, ctx, from, end);
  const clipped = clipBuckets(buckets, from, end, excluded, inside);
  const merged = excluded;
  return { ...totals(clipped), excludedMinutes: Math.round(coveredMs(merged, from, end) / MINUTE) };
}
