/** The statements of the results' retention (retention.job.ts): a property's value, one batch of deletes. */
import type { Database } from '@mc/db';

/** Which rows one retention rule removes. Table and column names come from a constant, never from input. */
export interface RetentionTarget {
  table: string;
  column: string;
  /** The cutoff goes back to a whole UTC hour (raw rows: a row without a message shows the one stored earlier in its hour). */
  wholeHours: boolean;
  /** Each check's newest row stays whatever its age. */
  keepLatest: boolean;
}

/** The raw results' cutoff: a whole UTC hour (the hours results are packed by, migration 0200). */
const HOUR_CUTOFF = 'check_result_hour(now() - make_interval(days => $1))';

/** A live property's value, or undefined. */
export async function propertyValue(database: Database, property: string): Promise<string | undefined> {
  const { rows } = await database.pool.query<{ value: string }>(
    'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
    [property],
  );
  return rows[0]?.value;
}

/** Deletes up to `batch` rows of `target` older than `days`; returns how many went. */
export async function deleteExpiredBatch(
  database: Database,
  target: RetentionTarget,
  days: number,
  batch: number,
): Promise<number> {
  const { table } = target;
  const keep = target.keepLatest
    ? `AND EXISTS (SELECT 1 FROM ${table} n WHERE n.check_id = t.check_id AND n.created_at > t.created_at)`
    : '';
  const cutoff = target.wholeHours ? HOUR_CUTOFF : 'now() - make_interval(days => $1)';
  const { rowCount } = await database.pool.query(
    `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} t
           WHERE ${target.column} < ${cutoff} ${keep} LIMIT ${batch})`,
    [days],
  );
  return rowCount ?? 0;
}

/**
 * Deletes up to `batch` packed blocks (migration 0200) whose hour is older than `days`; returns the blocks
 * and the runs they held.
 */
export async function deleteExpiredBlocks(
  database: Database,
  days: number,
  batch: number,
): Promise<{ blocks: number; runs: number }> {
  const { rows } = await database.pool.query<{ blocks: number; runs: number }>(
    `WITH gone AS (
       DELETE FROM check_result_blocks WHERE ctid IN (SELECT ctid FROM check_result_blocks
         WHERE hour < ${HOUR_CUTOFF} LIMIT ${batch})
       RETURNING runs)
     SELECT count(*)::int AS blocks, coalesce(sum(runs), 0)::int AS runs FROM gone`,
    [days],
  );
  return rows[0] ?? { blocks: 0, runs: 0 };
}
