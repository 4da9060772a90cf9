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

/**
 * How many of `names` the migrations table records as applied; rejects with SQLSTATE 42P01 when the
 * table does not exist (nothing was ever migrated).
 */
export async function appliedMigrationCount(database: Database, names: readonly string[]): Promise<number> {
  const { rows } = await database.pool.query<{ applied: number }>(
    'SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY($1::text[])',
    [names],
  );
  return rows[0]?.applied ?? 0;
}
