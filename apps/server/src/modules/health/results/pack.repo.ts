/** The packer's statements (migration 0200): one batch of check-hours into blocks, and the cutoff. */
import type { Database } from '@mc/db';

/**
 * Packs up to `groups` check-hours older than the hour of `before` (default: the database's cutoff, ten
 * minutes past the current hour's start) into check_result_blocks; returns the blocks written.
 */
export async function packBatch(database: Database, groups: number, before?: Date): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    'SELECT check_results_pack(coalesce($1::timestamptz, check_results_pack_cutoff()), $2) AS n',
    [before?.toISOString() ?? null, groups],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Vacuums check_results (outside any transaction) so the rows the packer moved free their pages, and
 * vacuums and analyzes check_result_blocks: without statistics on it the planner sorts every block of a
 * check for a newest-first page instead of reading the newest blocks (a fresh table waits for
 * autovacuum's threshold otherwise).
 */
export async function vacuumRows(database: Database): Promise<void> {
  await database.pool.query('VACUUM check_results');
  await database.pool.query('VACUUM (ANALYZE) check_result_blocks');
}
