/** The rows behind `/api/canary/api/graph` (graph.service.ts): raw results and hourly rollups of one check. */
import type { Database } from '@mc/db';
import { timeBlockRangeSql } from '../results/time-block-bounds.js';
import type { TimeWindow } from './time-range.js';

/** One raw result: its time in epoch ms, status (null while unknown) and duration. */
export interface GraphRawRow {
  t: number;
  status: boolean | null;
  duration: number | null;
}

/** One hourly rollup: its hour in epoch ms, counts, summed duration and latency histogram. */
export interface GraphHourRow {
  t: number;
  passed: number;
  failed: number;
  total: number;
  duration: number;
  latency_hist: number[];
}

/** Whether a check of that id exists (live or deleted: its history still draws). */
export async function checkExists(database: Database, checkId: string): Promise<boolean> {
  const { rows } = await database.pool.query('SELECT id FROM checks WHERE id = $1', [checkId]);
  return rows.length > 0;
}

/** Parameter list, `column` range test and the parameters' names for each window, the check id as $1. */
function windowRanges(checkId: string, windows: TimeWindow[], column: string) {
  const params: unknown[] = [checkId];
  const bounds = windows.map((w) => {
    params.push(w.from.toISOString(), w.to.toISOString());
    return { from: `$${params.length - 1}`, to: `$${params.length}` };
  });
  const ranges = bounds.map(({ from, to }) => `(${column} >= ${from} AND ${column} < ${to})`);
  return { params, ranges, bounds };
}

/** The check's raw results within any of `windows`; only the packed hours of the windows are read. */
export async function graphRawRows(database: Database, checkId: string, windows: TimeWindow[]): Promise<GraphRawRow[]> {
  if (windows.length === 0) return [];
  const { params, ranges, bounds } = windowRanges(checkId, windows, 'time');
  const { rows } = await database.pool.query<GraphRawRow>(
    `SELECT (extract(epoch FROM time) * 1000)::float8 AS t, status, duration FROM check_statuses
       WHERE check_id = $1 AND (${ranges.join(' OR ')}) AND ${timeBlockRangeSql(bounds)}`,
    params,
  );
  return rows;
}

/** The check's hourly rollups within any of `hours`. */
export async function graphHourRows(database: Database, checkId: string, hours: TimeWindow[]): Promise<GraphHourRow[]> {
  if (hours.length === 0) return [];
  const { params, ranges } = windowRanges(checkId, hours, 'created_at');
  const { rows } = await database.pool.query<GraphHourRow>(
    `SELECT (extract(epoch FROM created_at) * 1000)::float8 AS t, passed, failed, total, duration::float8 AS duration,
                 latency_hist FROM check_statuses_1h WHERE check_id = $1 AND (${ranges.join(' OR ')})`,
    params,
  );
  return rows;
}
