/**
 * The previous run of a check, as canary-checker's `last_result` template function reads it from
 * check_statuses: the newest row's status, invalid, time, duration, message and error, and the details
 * of the newest row that kept them (results.repo.ts stores a run's details only when its answer changed,
 * so that row holds the newest answer). Read from the database, so it survives a restart and every
 * replica sees the same previous run.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

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
      (SELECT d.details FROM check_statuses d WHERE d.check_id = s.check_id AND d.details IS NOT NULL
        ORDER BY d.time DESC LIMIT 1) AS details
    FROM check_statuses s WHERE s.check_id = ${checkId} ORDER BY s.time DESC LIMIT 1`.execute(db);
  return rows[0];
}
