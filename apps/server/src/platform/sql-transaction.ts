import type pg from 'pg';

/**
 * Runs `work` in one transaction on a client of `pool`; the client is used alone until COMMIT. For services
 * whose repositories speak plain SQL (`client.query`), so a change and its audit row commit together.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
