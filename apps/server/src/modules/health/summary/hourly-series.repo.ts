/**
 * Hour-by-hour counts of a set of checks, summed across them, from the hourly rollups
 * (check_statuses_1h) — what the SLOs module measures objectives and budget history from — and counts
 * of the raw results over short windows ending now, where an hour is too coarse (burn-rate alerts).
 */
import type { Database } from '@mc/db';
import { timeBlockRangeSql } from '../results/time-block-bounds.js';
import { HIST_BUCKETS } from './latency-histogram.js';

/** One hour of a set of checks: runs passed and failed, and their latency histogram when asked. */
export interface HourlyCounts {
  /** The hour's start. */
  start: Date;
  passed: number;
  failed: number;
  /** Latency histogram (index 0 = bucket 1), summed across the checks; empty unless asked. */
  hist: number[];
}

const HIST_SUMS = Array.from({ length: HIST_BUCKETS }, (_, i) => `sum(latency_hist[${i + 1}])`).join(', ');

/**
 * The hours of `checkIds` whose start lies in [from, to), oldest first; hours without a run are
 * absent. With `withHistogram` each hour carries the summed latency histogram.
 */
export async function hourlyCounts(
  database: Database,
  checkIds: readonly string[],
  from: Date,
  to: Date,
  withHistogram = false,
): Promise<HourlyCounts[]> {
  if (checkIds.length === 0) return [];
  const { rows } = await database.pool.query<{ start: Date; passed: number; failed: number; hist: number[] | null }>(
    `SELECT created_at AS start, sum(passed)::int AS passed, sum(failed)::int AS failed,
       ${withHistogram ? `ARRAY[${HIST_SUMS}]::int4[]` : 'NULL::int4[]'} AS hist
     FROM check_statuses_1h
     WHERE check_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at < $3
     GROUP BY created_at ORDER BY created_at`,
    [checkIds, from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({
    start: new Date(row.start),
    passed: row.passed,
    failed: row.failed,
    hist: row.hist ?? [],
  }));
}

/** Good and bad raw runs over one window ending at `now`. */
export interface WindowCounts {
  minutes: number;
  good: number;
  bad: number;
}

/**
 * Raw runs of `checkIds` over each window of `minutes` ending at `now`, in one scan of the longest:
 * a run is good when it passed (with `thresholdMs`: when it took at most that long, whatever its status),
 * bad otherwise; runs inside an `excluded` interval are not counted.
 */
export async function recentWindowCounts(
  database: Database,
  checkIds: readonly string[],
  minutes: readonly number[],
  now: Date,
  excluded: readonly { start: Date; end: Date }[] = [],
  thresholdMs: number | null = null,
): Promise<WindowCounts[]> {
  const longest = Math.max(0, ...minutes);
  if (checkIds.length === 0 || longest === 0) return minutes.map((m) => ({ minutes: m, good: 0, bad: 0 }));
  const good = thresholdMs === null ? 'status' : 'coalesce(duration, 0) <= $6';
  const columns = minutes
    .map((m, i) => {
      const since = `time >= $2::timestamptz - make_interval(mins => ${Math.trunc(m)})`;
      return `count(*) FILTER (WHERE ${since} AND (${good}))::int AS g${i},
        count(*) FILTER (WHERE ${since} AND NOT (${good}))::int AS b${i}`;
    })
    .join(', ');
  const params: unknown[] = [
    checkIds,
    now.toISOString(),
    longest,
    excluded.map((x) => x.start.toISOString()),
    excluded.map((x) => x.end.toISOString()),
  ];
  if (thresholdMs !== null) params.push(thresholdMs);
  const { rows } = await database.pool.query<Record<string, number>>(
    `SELECT ${columns} FROM check_statuses
     WHERE check_id = ANY($1::uuid[]) AND status IS NOT NULL
       AND time >= $2::timestamptz - make_interval(mins => $3::int) AND time <= $2::timestamptz
       AND ${timeBlockRangeSql({ from: '$2::timestamptz - make_interval(mins => $3::int)', to: '$2' })}
       AND NOT EXISTS (SELECT 1 FROM unnest($4::timestamptz[], $5::timestamptz[]) AS x(f, t)
                       WHERE time >= x.f AND time < x.t)`,
    params,
  );
  const row = rows[0] ?? {};
  return minutes.map((m, i) => ({ minutes: m, good: row[`g${i}`] ?? 0, bad: row[`b${i}`] ?? 0 }));
}

/** Raw runs inside some spans, by hour, and since when raw runs are kept. */
export interface RunsInside {
  /** Good and bad runs inside the spans, by hour start (ms); an hour without such runs is absent. */
  byHour: Map<number, { good: number; bad: number }>;
  /** The oldest raw run of the checks (ms), or null without any: older hours have no raw runs to count. */
  rawSince: number | null;
}

/**
 * The raw runs of `checkIds` inside `spans` (non-overlapping), by hour — what a rollup hour holds that a
 * maintenance window leaves out. Good and bad as in {@link recentWindowCounts}. Each span reads only
 * its own packed hours: a LATERAL per span, kept a subquery by `OFFSET 0` (flattened into a join, the
 * span's bounds would be join conditions, which do not reach the view's blocks, and every block is read).
 */
export async function runsInside(
  database: Database,
  checkIds: readonly string[],
  spans: readonly { start: Date; end: Date }[],
  thresholdMs: number | null = null,
): Promise<RunsInside> {
  const byHour = new Map<number, { good: number; bad: number }>();
  if (checkIds.length === 0) return { byHour, rawSince: null };
  // The oldest run is a row not yet packed or in the oldest block: no newer block is decoded.
  const since = await database.pool.query<{ since: Date | null }>(
    `SELECT min(time) AS since FROM check_statuses WHERE check_id = ANY($1::uuid[])
       AND time_block <= coalesce((SELECT min(b.hour) FROM check_result_blocks b WHERE b.check_id = ANY($1::uuid[])),
         'infinity'::timestamptz)`,
    [checkIds],
  );
  const rawSince = since.rows[0]?.since ? new Date(since.rows[0].since).getTime() : null;
  if (spans.length === 0) return { byHour, rawSince };
  const good = thresholdMs === null ? 's.status' : 'coalesce(s.duration, 0) <= $4';
  const params: unknown[] = [checkIds, spans.map((x) => x.start.toISOString()), spans.map((x) => x.end.toISOString())];
  if (thresholdMs !== null) params.push(thresholdMs);
  const { rows } = await database.pool.query<{ hour: Date; good: number; bad: number }>(
    `SELECT date_trunc('hour', s.time) AS hour, count(*) FILTER (WHERE ${good})::int AS good,
       count(*) FILTER (WHERE NOT (${good}))::int AS bad
     FROM unnest($2::timestamptz[], $3::timestamptz[]) AS x(f, t)
     CROSS JOIN LATERAL (SELECT s.time, s.status, s.duration FROM check_statuses s
       WHERE s.time >= x.f AND s.time < x.t AND ${timeBlockRangeSql({ alias: 's', from: 'x.f', to: 'x.t' })}
         AND s.check_id = ANY($1::uuid[]) AND s.status IS NOT NULL OFFSET 0) s
     GROUP BY 1`,
    params,
  );
  for (const row of rows) byHour.set(new Date(row.hour).getTime(), { good: row.good, bad: row.bad });
  return { byHour, rawSince };
}
