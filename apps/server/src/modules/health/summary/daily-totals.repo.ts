import type { Database } from '@mc/db';

/** One check's runs on one day, from the daily rollup (check_statuses_1d). */
export interface DailyCheckTotals {
  check_id: string;
  /** The day, `YYYY-MM-DD`. */
  day: string;
  passed: number;
  failed: number;
  /** Sum of the runs' durations (ms), for an average latency. */
  duration: number;
}

/** Daily rollup rows of the given checks since `from`. */
export async function selectDailyTotals(
  database: Database,
  checkIds: string[],
  from: Date,
): Promise<DailyCheckTotals[]> {
  if (checkIds.length === 0) return [];
  const { rows } = await database.pool.query<DailyCheckTotals>(
    `SELECT check_id::text, to_char(created_at, 'YYYY-MM-DD') AS day, passed::int AS passed, failed::int AS failed,
        duration::float8 AS duration
      FROM check_statuses_1d WHERE check_id = ANY($1::uuid[]) AND created_at >= $2::timestamptz`,
    [checkIds, from.toISOString()],
  );
  return rows;
}
