import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresPool, type Database, wrapPool } from '../database.js';
import { PgliteWireServer } from '../embedded/pglite-wire-server.js';
import { migrate, migrationsHash } from '../migrate.js';
import { ensureMigratedSnapshot } from '../migrated-snapshot.js';
import { createPglite } from '../pglite-factory.js';

/** Engine the database suite runs on: `MC_TEST_ENGINE=postgres` switches from PGlite to the server. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.MC_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** Admin URL used to create and drop one throw-away database per test file on PostgreSQL. */
export function testAdminUrl(): string {
  return process.env.MC_TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
}

let snapshot: Promise<Blob> | undefined;

/** The migrated snapshot, read or built once per test process and restored for each test database. */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= ensureMigratedSnapshot();
  return snapshot;
}

/**
 * A PGlite test database restored from the migrated snapshot and served through the embedded
 * database's wire server on a private unix socket, as the embedded server runs it. The in-process node-postgres shim is only used
 * to build the snapshot: it loses protocol sync after an error raised while a parameterised
 * statement is parsed, which bad-input tests provoke on purpose.
 */
async function createPgliteTestDatabase(): Promise<Database> {
  const pglite = await createPglite({ loadDataDir: await migratedSnapshot() });
  const dir = mkdtempSync(join(tmpdir(), 'mc-test-pglite-'));
  const server = new PgliteWireServer(pglite, { path: join(dir, '.s.PGSQL.5432'), maxConnections: 8 });
  await server.start();
  // One connection, as in embedded mode (PGlite is one session; more would only queue in the server).
  const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', () => {});
  return wrapPool('pglite', pool, async () => {
    await server.stop();
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testAdminUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Arbitrary but fixed advisory-lock key: test processes building the same template queue on it. */
const TEMPLATE_LOCK_KEY = 7_270_736_902;

let template: Promise<string> | undefined;

/**
 * Name of a PostgreSQL template database holding every migration, built once per set of migrations
 * (its name carries their hash, so a changed migration gets a new template and worktrees with other
 * migrations sharing the server keep theirs) and cloned for each test database: `CREATE DATABASE …
 * TEMPLATE` copies files, where running the migrations again took seconds per test file.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `mc_test_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: testAdminUrl() });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) {
        // built under a private name and renamed when complete: a crash never leaves half a template
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const pool = new pg.Pool({ connectionString: databaseUrl(building), max: 1 });
        try {
          await migrate(pool);
        } finally {
          await pool.end();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/** The admin URL pointed at database `name`. */
function databaseUrl(name: string): string {
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a uniquely named PostgreSQL database from the migrated template; returns its URL and how to drop it. */
async function createMigratedPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate()}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function createPostgresTestDatabase(): Promise<Database> {
  const { url, drop } = await createMigratedPostgres();
  return wrapPool('postgres', createPostgresPool(url, { max: 5 }), drop);
}

/**
 * A fresh, migrated database for one test file, on the engine chosen by `MC_TEST_ENGINE`.
 * On PostgreSQL it is a new database (dropped on close), so test files never share state.
 */
export async function createTestDatabase(): Promise<Database> {
  return testEngine() === 'postgres' ? createPostgresTestDatabase() : createPgliteTestDatabase();
}

/**
 * A fresh, migrated PostgreSQL database reachable by URL, for tests that start server processes.
 * Returns its URL and a drop function.
 */
export function createPostgresTestUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createMigratedPostgres();
}
