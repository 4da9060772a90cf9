/**
 * Range statistics from the rollups plus the raw tail: whole days from check_statuses_1d, whole hours
 * from check_statuses_1h and the partial hours at the edges from check_statuses, so any window is
 * answered exactly (counts) and exact-enough (latency histograms) without scanning the raw table.
 */
import type { Database } from '@mc/db';
import { timeBlockRangeSql } from '../results/time-block-bounds.js';
import { emptyHistogram, HIST_BUCKETS, mergeInto } from './latency-histogram.js';
import type { TimeWindow, WindowParts } from './time-range.js';

/** Counts and latency histogram of one check over a window. */
export interface RangeStats {
  passed: number;
  failed: number;
  hist: number[];
}

const HIST_SUMS = Array.from({ length: HIST_BUCKETS }, (_, i) => `sum(latency_hist[${i + 1}])`).join(', ');

/**
 * `column` in any of `windows`, the bounds added to `params`. On the raw results (`time`) the same ranges
 * also bound time_block, the UTC hour packed results are stored by (migration 0200), as one OR of their
 * own: only the blocks of the windows are read.
 */
function windowsSql(column: string, windows: TimeWindow[], params: unknown[]): string {
  const bounds = windows.map((w) => {
    params.push(w.from.toISOString(), w.to.toISOString());
    return { from: `$${params.length - 1}`, to: `$${params.length}` };
  });
  return rangesSql(column, bounds);
}

/** `column` in any of the [from, to) ranges (SQL expressions); on `time`, with their blocks' bound. */
function rangesSql(column: string, bounds: readonly { from: string; to: string }[]): string {
  const ranges = `(${bounds.map(({ from, to }) => `(${column} >= ${from} AND ${column} < ${to})`).join(' OR ')})`;
  return column === 'time' ? `${ranges} AND ${timeBlockRangeSql(bounds)}` : ranges;
}

/** Per-check statistics over the window's parts; `checkIds` null means every check. */
export async function rangeStats(
  database: Database,
  parts: WindowParts,
  checkIds: string[] | null,
): Promise<Map<string, RangeStats>> {
  const stats = new Map<string, RangeStats>();
  const entry = (id: string) => {
    let found = stats.get(id);
    if (!found) {
      found = { passed: 0, failed: 0, hist: emptyHistogram() };
      stats.set(id, found);
    }
    return found;
  };
  const rollupParams: unknown[] = [];
  const selects: string[] = [];
  if (parts.days) {
    selects.push(`SELECT check_id, passed, failed, latency_hist FROM check_statuses_1d
      WHERE ${windowsSql('created_at', [parts.days], rollupParams)}`);
  }
  if (parts.hours.length > 0) {
    selects.push(`SELECT check_id, passed, failed, latency_hist FROM check_statuses_1h
      WHERE ${windowsSql('created_at', parts.hours, rollupParams)}`);
  }
  const queries: Promise<void>[] = [];
  if (selects.length > 0) {
    let filter = '';
    if (checkIds) {
      rollupParams.push(checkIds);
      filter = `WHERE check_id = ANY($${rollupParams.length}::uuid[])`;
    }
    const text = `SELECT check_id, sum(passed)::int AS passed, sum(failed)::int AS failed,
        ARRAY[${HIST_SUMS}]::int4[] AS hist
      FROM (${selects.join(' UNION ALL ')}) r ${filter} GROUP BY check_id`;
    queries.push(
      database.pool
        .query<{ check_id: string; passed: number; failed: number; hist: number[] }>(text, rollupParams)
        .then(({ rows }) => {
          for (const row of rows) {
            const e = entry(row.check_id);
            e.passed += row.passed;
            e.failed += row.failed;
            mergeInto(e.hist, row.hist);
          }
        }),
    );
  }
  if (parts.raw.length > 0) {
    const rawParams: unknown[] = [];
    let where = `(${windowsSql('time', parts.raw, rawParams)})`;
    if (checkIds) {
      rawParams.push(checkIds);
      where += ` AND check_id = ANY($${rawParams.length}::uuid[])`;
    }
    queries.push(
      database.pool
        .query<{ check_id: string; bucket: number; passed: number; failed: number; total: number }>(
          `SELECT check_id, check_latency_bucket(duration) AS bucket, count(*) FILTER (WHERE status)::int AS passed,
             count(*) FILTER (WHERE NOT status)::int AS failed, count(*)::int AS total
           FROM check_statuses WHERE ${where} GROUP BY 1, 2`,
          rawParams,
        )
        .then(({ rows }) => {
          for (const row of rows) {
            const e = entry(row.check_id);
            e.passed += row.passed;
            e.failed += row.failed;
            e.hist[row.bucket - 1] = (e.hist[row.bucket - 1] ?? 0) + row.total;
          }
        }),
    );
  }
  await Promise.all(queries);
  return stats;
}

/** Mean duration of each check's raw results in the last hour (upstream's rolling1h). */
export async function rollingHour(database: Database, checkIds: string[] | null): Promise<Map<string, number>> {
  const params: unknown[] = [];
  let filter = '';
  if (checkIds) {
    params.push(checkIds);
    filter = 'AND check_id = ANY($1::uuid[])';
  }
  const { rows } = await database.pool.query<{ check_id: string; avg: number }>(
    `SELECT check_id, round(avg(duration))::int AS avg FROM check_statuses
     WHERE time >= now() - interval '1 hour' AND ${timeBlockRangeSql({ from: "now() - interval '1 hour'" })} ${filter}
     GROUP BY check_id`,
    params,
  );
  return new Map(rows.map((row) => [row.check_id, row.avg]));
}

/** How far back the cumulative path answers (raw retention's default; older windows read the daily rows). */
export const CUMULATIVE_RANGE_MS = 30 * 86_400_000;

const HOUR_MS = 3_600_000;

/** Range statistics of each check plus its rolling1h (mean duration over the last hour). */
export interface RecentStats {
  stats: Map<string, RangeStats>;
  rolling: Map<string, number>;
}

/**
 * Statistics over a window with at least one whole hour, read from the cumulative hourly rows
 * (migration 0041): whole hours [h0, h1) are C(h1) − C(h0), two index probes per check, plus the raw
 * edges [from, h0) and [h1, to) (the start edge possibly as its complement, subtracted; no end edge when
 * the window ends now — the current hour's row is C(now)). rolling1h comes from the current hour's row
 * plus the previous hour's prorated — a mean, so exact-enough. `checkIds` null means
 * every live check (the raw scan then tests no id list, and the caller need not wait for the ids).
 */
export async function recentRangeStats(
  database: Database,
  window: TimeWindow,
  checkIds: string[] | null,
  now = new Date(),
): Promise<RecentStats> {
  const h0 = new Date(Math.ceil(window.from.getTime() / HOUR_MS) * HOUR_MS);
  const h1 = new Date(Math.floor(window.to.getTime() / HOUR_MS) * HOUR_MS);
  const hNow = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const prevHour = new Date(hNow.getTime() - HOUR_MS);
  // The start edge is read the shorter way: [from, h0) added, or — when from sits early in its hour —
  // the running totals from hf = from's hour start with [hf, from) subtracted. At most 30 raw minutes.
  const hf = new Date(Math.floor(window.from.getTime() / HOUR_MS) * HOUR_MS);
  const subtractStart = window.from.getTime() - hf.getTime() < h0.getTime() - window.from.getTime();
  // A window ending now needs no raw end edge: the current hour's row already holds every result so far.
  const endIsNow = window.to.getTime() >= now.getTime();
  const stats = new Map<string, RangeStats>();
  const rollingParts = new Map<string, { total: number; duration: number }>();
  const entry = (id: string) => {
    let found = stats.get(id);
    if (!found) {
      found = { passed: 0, failed: 0, hist: emptyHistogram() };
      stats.set(id, found);
    }
    return found;
  };
  const prevShare = (hNow.getTime() - (now.getTime() - HOUR_MS)) / HOUR_MS;
  const rollingOf = (id: string) => {
    let found = rollingParts.get(id);
    if (!found) {
      found = { total: 0, duration: 0 };
      rollingParts.set(id, found);
    }
    return found;
  };

  const cumulative = database.pool
    .query<{
      check_id: string;
      end_passed: string | null;
      end_failed: string | null;
      end_hist: string | null;
      start_passed: string | null;
      start_failed: string | null;
      start_hist: string | null;
      prev_total: number | null;
      prev_duration: string | null;
      cur_total: number | null;
      cur_duration: string | null;
    }>(
      // Histograms as comma-separated text: splitting 2,000 of them is far cheaper than the int[] parser.
      `SELECT k.id AS check_id, e.cum_passed AS end_passed, e.cum_failed AS end_failed,
         array_to_string(e.cum_hist, ',') AS end_hist, s.cum_passed AS start_passed, s.cum_failed AS start_failed,
         array_to_string(s.cum_hist, ',') AS start_hist,
         p.total AS prev_total, p.duration AS prev_duration, q.total AS cur_total, q.duration AS cur_duration
       FROM ${
         checkIds
           ? 'unnest($1::uuid[]) AS k(id)'
           : // $1 (an empty list here) stays referenced so both forms take the same parameters.
             `(SELECT k.id FROM checks k JOIN canaries c ON c.id = k.canary_id
               WHERE k.deleted_at IS NULL AND c.deleted_at IS NULL AND $1::uuid[] IS NOT NULL) k`
       }
       LEFT JOIN LATERAL (SELECT cum_passed, cum_failed, cum_hist FROM check_statuses_1h
         WHERE check_id = k.id AND created_at < $3 ORDER BY created_at DESC LIMIT 1) e ON true
       LEFT JOIN LATERAL (SELECT cum_passed, cum_failed, cum_hist FROM check_statuses_1h
         WHERE check_id = k.id AND created_at < $2 ORDER BY created_at DESC LIMIT 1) s ON true
       LEFT JOIN check_statuses_1h p ON p.check_id = k.id AND p.created_at = $4
       LEFT JOIN check_statuses_1h q ON q.check_id = k.id AND q.created_at = $5
       WHERE e.cum_passed IS NOT NULL OR p.total IS NOT NULL OR q.total IS NOT NULL`,
      [
        checkIds ?? [],
        (subtractStart ? hf : h0).toISOString(),
        (endIsNow ? new Date(h1.getTime() + HOUR_MS) : h1).toISOString(),
        prevHour.toISOString(),
        hNow.toISOString(),
      ],
    )
    .then(({ rows }) => {
      for (const row of rows) {
        if (row.end_hist) {
          const e = entry(row.check_id);
          e.passed += Number(row.end_passed ?? 0) - Number(row.start_passed ?? 0);
          e.failed += Number(row.end_failed ?? 0) - Number(row.start_failed ?? 0);
          mergeInto(e.hist, row.end_hist.split(','));
          if (row.start_hist) {
            const start = row.start_hist.split(',');
            for (let i = 0; i < HIST_BUCKETS; i++) e.hist[i] = (e.hist[i] ?? 0) - Number(start[i] ?? 0);
          }
        }
        const r = rollingOf(row.check_id);
        r.total += (row.prev_total ?? 0) * prevShare + (row.cur_total ?? 0);
        r.duration += Number(row.prev_duration ?? 0) * prevShare + Number(row.cur_duration ?? 0);
      }
    });

  // $2–$3 and $4–$5 are added, $6–$7 subtracted (see subtractStart); an empty range reads nothing.
  const params: unknown[] = [
    checkIds ?? [],
    subtractStart ? h0 : window.from,
    h0,
    endIsNow ? window.to : h1,
    window.to,
    subtractStart ? hf : window.from,
    window.from,
    checkIds === null,
  ];
  const raw = database.pool
    .query<{ check_id: string; bucket: number; passed: number; failed: number; total: number }>(
      `SELECT check_id, bucket, coalesce(sum(sign) FILTER (WHERE status), 0)::int AS passed,
         coalesce(sum(sign) FILTER (WHERE NOT status), 0)::int AS failed, sum(sign)::int AS total
       FROM (SELECT check_id, status, check_latency_bucket(duration) AS bucket,
               CASE WHEN time >= $6 AND time < $7 THEN -1 ELSE 1 END AS sign
             FROM check_statuses
             WHERE ($8::boolean OR check_id = ANY($1::uuid[]))
               AND ${rangesSql('time', [
                 { from: '$2', to: '$3' },
                 { from: '$4', to: '$5' },
                 { from: '$6', to: '$7' },
               ])}) r
       GROUP BY 1, 2`,
      params.map((value) => (value instanceof Date ? value.toISOString() : value)),
    )
    .then(({ rows }) => {
      for (const row of rows) {
        if (row.total === 0 && row.passed === 0 && row.failed === 0) continue;
        const e = entry(row.check_id);
        e.passed += row.passed;
        e.failed += row.failed;
        e.hist[row.bucket - 1] = (e.hist[row.bucket - 1] ?? 0) + row.total;
      }
    });

  await Promise.all([cumulative, raw]);
  const rolling = new Map<string, number>();
  for (const [id, r] of rollingParts) if (r.total > 0) rolling.set(id, Math.round(r.duration / r.total));
  return { stats, rolling };
}
