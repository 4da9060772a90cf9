/** The rows behind `/api/canary/api` (checks-api.service.ts): each check's latest results in a window. */
import type { Database } from '@mc/db';
import { newestRunsBlockSql, timeBlockRangeSql } from '../results/time-block-bounds.js';
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

/**
 * The newest `perCheck` results of each of `ids` within the window [from, to), by check, newest first.
 * Each check reads only the blocks of the window that hold its newest `perCheck` runs (time-block-bounds.ts),
 * not every packed hour of a window that may be 30 days long.
 */
export async function latestStatuses(
  database: Database,
  ids: readonly string[],
  window: TimeWindow,
  perCheck: number,
): Promise<CheckStatusRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await database.pool.query<CheckStatusRow>(
    `SELECT r.check_id, r.status, r.invalid, to_char(r.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time,
       r.duration, r.message, r.error
     FROM (SELECT DISTINCT u.id FROM unnest($1::uuid[]) AS u(id)) i
     CROSS JOIN LATERAL (SELECT s.check_id, s.status, s.invalid, s.time, s.duration, s.message, s.error
       FROM check_statuses s
       WHERE s.check_id = i.id AND s.time >= $2 AND s.time < $3
         AND ${timeBlockRangeSql({ alias: 's', from: '$2', to: '$3' })}
         AND s.time_block >= ${newestRunsBlockSql('i.id', '$4', '$3')}
       ORDER BY s.time DESC LIMIT $4) r
     ORDER BY r.check_id, r.time DESC`,
    [ids, window.from.toISOString(), window.to.toISOString(), perCheck],
  );
  return rows;
}
