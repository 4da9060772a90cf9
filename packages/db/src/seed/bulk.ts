import type { SeedContext } from './context.js';

/** From this many rows on, a table's secondary indexes are rebuilt after the load instead of updated row by row. */
export const BULK_ROWS = 50_000;

/**
 * Loads `rows` rows into `table` through `load`. For large loads (benchmark sizes) it does what
 * pg_restore does: in one transaction, drops the table's secondary indexes (not those behind a primary
 * key or unique constraint), loads, then recreates them from their saved definitions, so a sorted index
 * build replaces a million random index inserts. The table is locked for writes meanwhile; the
 * transaction makes the swap atomic, so a failure leaves the indexes as they were.
 */
export async function bulkLoad(
  ctx: Pick<SeedContext, 'client'>,
  table: string,
  rows: number,
  load: () => Promise<unknown>,
  threshold = BULK_ROWS,
): Promise<void> {
  if (rows < threshold) {
    await load();
    return;
  }
  const { client } = ctx;
  await client.query('BEGIN');
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [table],
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await load();
    for (const index of indexes) await client.query(index.definition);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
