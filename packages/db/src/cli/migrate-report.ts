import type { Database } from '../database.js';
import { migrate } from '../migrate.js';

/**
 * Applies the pending migrations to `database` and prints what it did, one line each. Shared by
 * `npm run migrate` and `npm run seed:demo`, which migrates first so a fresh data folder (or an empty
 * DATABASE_URL) can be seeded as the first step the README gives.
 */
export async function migrateAndReport(database: Database, label: string): Promise<void> {
  process.stdout.write(`Migrating ${label}\n`);
  const started = performance.now();
  const applied = await migrate(database.pool);
  const millis = Math.round(performance.now() - started);
  if (applied.length === 0) process.stdout.write(`Up to date, nothing to apply (${millis} ms)\n`);
  for (const name of applied) process.stdout.write(`applied ${name}\n`);
  if (applied.length > 0) process.stdout.write(`Applied ${applied.length} migration(s) in ${millis} ms\n`);
}
