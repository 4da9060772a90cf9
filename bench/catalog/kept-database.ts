import { execFileSync } from 'node:child_process';
import pg from 'pg';
import type { CatalogBenchSizes } from './seed-catalog.js';

/** What {@link seededText} answers for a database this bench has not finished seeding. */
export const NOT_SEEDED = 'not seeded by this bench';

/** Whether database `name` exists on the server of `adminUrl` (a kept bench database is reused, not seeded again). */
export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Records in the bench database what was seeded and how long it took, so a later run on the kept database
 * prints the sizes it measures (the table is the bench's own, not the product's).
 */
export async function recordSeed(
  pool: pg.Pool,
  sizes: CatalogBenchSizes,
  relationships: number,
  ms: number,
): Promise<void> {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_catalog_seed (sizes jsonb NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now(), seconds numeric NOT NULL)',
  );
  await pool.query('INSERT INTO bench_catalog_seed (sizes, seconds) VALUES ($1, $2)', [
    JSON.stringify({ ...sizes, relationships }),
    (ms / 1000).toFixed(1),
  ]);
}

/** What the database holds, counted (estimates from the planner's statistics for the big tables) and as recorded at seeding. */
export async function seededText(pool: pg.Pool): Promise<string> {
  const { rows: table } = await pool.query<{ t: string | null }>("SELECT to_regclass('bench_catalog_seed')::text AS t");
  if (!table[0]?.t) return NOT_SEEDED;
  const { rows } = await pool.query<{ sizes: Record<string, number>; seeded_at: Date; seconds: string }>(
    'SELECT sizes, seeded_at, seconds FROM bench_catalog_seed ORDER BY seeded_at DESC LIMIT 1',
  );
  const seed = rows[0];
  if (!seed) return NOT_SEEDED;
  const s = seed.sizes;
  return `${s.items} items, ${s.changes} changes, ${s.relationships} relationships, ${s.analysis} insights, seeded ${seed.seeded_at.toISOString()} in ${seed.seconds} s`;
}

/** The short commit the bench runs at (printed beside every figure; MC_BENCH_COMMIT names it for a copied tree). */
export function commit(): string {
  if (process.env.MC_BENCH_COMMIT) return process.env.MC_BENCH_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
