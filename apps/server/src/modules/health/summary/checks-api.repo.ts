/** The rows behind `/api/canary/api` (checks-api.service.ts): each check's latest results in a window. */
import type { Database } from '@mc/db';
import type { TimeWindow } from './time-range.js';

/** One result as canary-checker's checks API answers it (`checkStatuses`), newest first. */
export interface CheckStatusRow {
  check_id: string;
  status: boolean | null;
  invalid: boolean | null;
  time: string;
  duration: number | null;
  message: string | null;
  error: string | null;
}

/** The newest `perCheck` results of each of `ids` within the window [from, to). */
export async function latestStatuses(
  database: Database,
  ids: readonly string[],
  window: TimeWindow,
  perCheck: number,
): Promise<CheckStatusRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await database.pool.query<CheckStatusRow>(
    `SELECT check_id, status, invalid, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time,
       duration, message, error
     FROM (SELECT s.*, row_number() OVER (PARTITION BY s.check_id ORDER BY s.time DESC) AS n
           FROM check_statuses s WHERE s.check_id = ANY($1::uuid[]) AND s.time >= $2 AND s.time < $3) r
     WHERE n <= $4 ORDER BY check_id, time DESC`,
    [ids, window.from.toISOString(), window.to.toISOString(), perCheck],
  );
  return rows;
}
