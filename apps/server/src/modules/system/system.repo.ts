import type { Database } from '@mc/db';

/**
 * One round trip through the extended protocol with a parameter, as every repository query makes it
 * (a simple `SELECT 1` passed while parameterised statements failed); the answer is 1 when the
 * database works.
 */
export async function selectOne(database: Database): Promise<number | undefined> {
  const { rows } = await database.pool.query<{ ok: number }>('SELECT $1::int AS ok', [1]);
  return rows[0]?.ok;
}
