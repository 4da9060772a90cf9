import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { loadMigrations, migrate, migrationsHash } from './migrate.js';
import { createPglite } from './pglite-factory.js';

/**
 * Where the migrated PGlite data directory is kept between processes: one file per set of
 * migrations and PGlite version, so a stale snapshot is never restored after a migration changes.
 */
export function migratedSnapshotFile(): string {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8');
  return join(tmpdir(), `mc-pglite-migrated-${migrationsHash(loadMigrations(), pgliteVersion)}.tar`);
}

async function buildSnapshot(): Promise<Blob> {
  const pglite = await createPglite();
  const pool = new pg.Pool(createPgConfig(pglite));
  await migrate(pool);
  await pool.end();
  const blob = await pglite.dumpDataDir('none');
  await pglite.close();
  return blob;
}

/**
 * The migrated snapshot, built and written once when missing. A fresh embedded database restores it
 * instead of running initdb and every migration (seconds on PGlite), and each test database does too.
 * Written under a private name, then renamed, so a concurrent reader never sees half a file.
 */
export async function ensureMigratedSnapshot(file: string = migratedSnapshotFile()): Promise<Blob> {
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const blob = await buildSnapshot();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return blob;
}
