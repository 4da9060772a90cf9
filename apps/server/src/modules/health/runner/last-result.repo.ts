/**
 * The previous run of a check, as canary-checker's `last_result` template function reads it from
 * check_statuses: the newest row's status, invalid, time, duration, message and error, and the details
 * of the newest row that kept them (results.repo.ts stores a run's details only when its answer changed,
 * so that row holds the newest answer). Read from the database, so it survives a restart and every
 * replica sees the same previous run. Since migration 0200 the newest run is among the rows of the hours
 * not yet packed or in the check's newest block, so only that block is decoded (not every packed hour
 * of the check); the details come from the rows or the newest block that kept any.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { newestRunsBlockSql } from '../results/time-block-bounds.js';

/** A check's previous run; undefined when it has none. */
export interface PreviousRun {
  status: boolean | null;
  invalid: boolean | null;
  time: Date;
  duration: number | null;
  message: string | null;
  error: string | null;
  details: Record<string, unknown> | null;
}

/** The newest stored run of the check, with the newest details it kept. */
export async function previousRun(db: Kysely<Tables>, checkId: string): Promise<PreviousRun | undefined> {
  const { rows } = await sql<PreviousRun>`SELECT s.status, s.invalid, s.time, s.duration, s.message, s.error,
      (SELECT d.details FROM check_statuses d WHERE d.check_id = i.id AND d.details IS NOT NULL
        AND d.time_block >= ${sql.raw(newestDetailsBlockSql('i.id'))} ORDER BY d.time DESC LIMIT 1) AS details
    FROM (SELECT ${checkId}::uuid AS id) i
    JOIN check_statuses s ON s.check_id = i.id AND s.time_block >= ${sql.raw(newestRunsBlockSql('i.id', '1'))}
    ORDER BY s.time DESC LIMIT 1`.execute(db);
  return rows[0];
}

/**
 * The oldest block that may hold the check's newest details: the newest block that kept some (a block
 * without details has none in its NULL array; no block is decoded to tell), else the hour of the oldest
 * row not yet packed (so no block is read), else none at all.
 */
function newestDetailsBlockSql(checkId: string): string {
  return `coalesce((SELECT max(b.hour) FROM check_result_blocks b WHERE b.check_id = ${checkId} AND b.details IS NOT NULL),
      (SELECT check_result_hour(min(r.time)) FROM check_results r JOIN checks k ON k.result_key = r.check_key
        WHERE k.id = ${checkId}), 'infinity'::timestamptz)`;
}
