/**
 * Range statistics from the rollups plus the raw tail: whole days from check_statuses_1d, whole hours
 * from check_statuses_1h and the partial hours at the edges from check_statuses, so any window is
 * answered exactly (counts) and exact-enough (latency histograms) without scanning the raw table.
 */
import type { Database } from '@mc/db';
import { emptyHistogram, HIST_BUCKETS, mergeInto } from './latency-histogram.js';
import type { TimeWindow, WindowParts } from './time-range.js';

/** Counts and latency histogram of one check over a window. */
export interface RangeStats {
  passed: number;
  failed: number;
  hist: number[];
}

const HIST_SUMS = Array.from({ length: HIST_BUCKETS }, (_, i) => `sum(latency_hist[${i + 1}])`).join(', ');

function windowsSql(column: string, windows: TimeWindow[], params: unknown[]): string {
  return windows
    .map((w) => {
      params.push(w.from.toISOString(), w.to.toISOString());
      return `(${column} >= $${params.length - 1} AND ${column} < $${params.length})`;
    })
    .join(' OR ');
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
     WHERE time >= now() - interval '1 hour' ${filter} GROUP BY check_id`,
    params,
  );
  return new Map(rows.map((row) => [row.check_id, row.avg]));
}
