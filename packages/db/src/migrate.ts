import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** Folder of the plain-SQL migrations, applied in file-name order. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Arbitrary but fixed advisory-lock key: replicas starting together queue on it and migrate once. */
const MIGRATION_LOCK_KEY = 7_270_736_901;

/** One migration file. */
export interface Migration {
  name: string;
  sql: string;
}

/** Reads the migration files in order. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}${name}`, 'utf8') }));
}

/**
 * A short hash of the migrations' names and texts (and of `extra`, e.g. the engine's version): names a
 * database built from them — the PGlite snapshot, the PostgreSQL test template — so a changed migration
 * never reuses a stale one.
 */
export function migrationsHash(migrations: Migration[] = loadMigrations(), extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const migration of migrations) hash.update(migration.name).update(migration.sql);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Applies the pending migrations in one transaction under a transaction-scoped advisory lock, so
 * replicas that start together migrate exactly once and a failed migration leaves nothing behind.
 * Returns the names of the migrations this call applied.
 */
export async function migrate(pool: pg.Pool, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // A long migration must not hit the pool's statement timeout (MC_DB_STATEMENT_TIMEOUT_MS).
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      try {
        await client.query(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      done.push(migration.name);
    }
    await client.query('COMMIT');
    return done;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
