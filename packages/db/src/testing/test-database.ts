import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPostgresPool, type Database, wrapPool } from '../database.js';
import { PgliteWireServer } from '../embedded/pglite-wire-server.js';
import { migrate, migrationsHash } from '../migrate.js';
import { ensureMigratedSnapshot } from '../migrated-snapshot.js';
import { createPglite } from '../pglite-factory.js';
import { RANDOM_PAGE_COST } from '../planner-settings.js';
import { type DatabaseBaseline, readBaseline, resetToBaseline } from './database-reset.js';

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

/** A run id as the global setup makes it; it becomes part of database names, so nothing else is taken. */
const RUN_ID = /^[a-z0-9]+$/;

/**
 * The test run this process belongs to (`MC_TEST_RUN_ID`, set by the test runner's global setup, which
 * drops the run's PostgreSQL databases at its end), or undefined outside one: then every test database
 * is made fresh and dropped when closed.
 */
function testRunId(): string | undefined {
  const id = process.env.MC_TEST_RUN_ID;
  return id && RUN_ID.test(id) ? id : undefined;
}

/** PGlite instances that closed test files left, reset to the migrated baseline, for the next file. */
const sparePglites: { pglite: PGlite; expiry: NodeJS.Timeout }[] = [];

/**
 * How long a reset PGlite waits for the next test file of its process. An open instance keeps a process
 * alive, so the last one closes itself and the process can end.
 */
const SPARE_PGLITE_MS = 10_000;
let pgliteBaseline: Promise<DatabaseBaseline> | undefined;

/**
 * A PGlite instance holding the migrated schema and nothing else: one a closed test file left and that
 * was reset, or a new one restored from the snapshot. Restoring costs ~2 s of CPU (PGlite's start), the
 * reset ~0.2 s.
 */
async function migratedPglite(): Promise<PGlite> {
  const spare = sparePglites.pop();
  if (spare) {
    clearTimeout(spare.expiry);
    return spare.pglite;
  }
  const pglite = await createPglite({ loadDataDir: await migratedSnapshot() });
  // outside a test run no instance is reused, so nothing needs the baseline
  if (testRunId()) {
    pgliteBaseline ??= readBaseline(pglite);
    await pgliteBaseline;
  }
  return pglite;
}

/** Resets a closed test file's PGlite (session state, then data) and keeps it, or closes it when it cannot be reused. */
async function releasePglite(pglite: PGlite): Promise<void> {
  const baseline = pgliteBaseline ? await pgliteBaseline : undefined;
  let reusable = false;
  if (testRunId() && baseline && !pglite.closed) {
    try {
      // PGlite is one session: what a test set in it (settings, prepared statements, LISTEN, temp tables) goes too
      await pglite.exec('DISCARD ALL');
      reusable = await resetToBaseline(pglite, baseline);
      if (reusable) await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    } catch {
      reusable = false;
    }
  }
  if (!reusable) {
    await pglite.close().catch(() => {});
    return;
  }
  const spare = {
    pglite,
    expiry: setTimeout(() => {
      const index = sparePglites.indexOf(spare);
      if (index >= 0) sparePglites.splice(index, 1);
      void pglite.close().catch(() => {});
    }, SPARE_PGLITE_MS).unref(),
  };
  sparePglites.push(spare);
}

/**
 * A PGlite test database holding the migrated schema and the migrations' rows, served through the
 * embedded database's wire server on a private unix socket, as the embedded server runs it. The
 * in-process node-postgres shim is only used to build the snapshot: it loses protocol sync after an
 * error raised while a parameterised statement is parsed, which bad-input tests provoke on purpose.
 * Within a test run, a closed database's instance is reset and serves the next test file of the process.
 */
async function createPgliteTestDatabase(): Promise<Database> {
  const pglite = await migratedPglite();
  const dir = mkdtempSync(join(tmpdir(), 'mc-test-pglite-'));
  const server = new PgliteWireServer(pglite, { path: join(dir, '.s.PGSQL.5432'), maxConnections: 8 });
  await server.start();
  // One connection, as in embedded mode (PGlite is one session; more would only queue in the server).
  const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', () => {});
  return wrapPool('pglite', pool, async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    await releasePglite(pglite);
  });
}

/** Runs `task` on one connection to `url`. */
async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(text: string): Promise<void> {
  await withClient(testAdminUrl(), (admin) => admin.query(text));
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
async function createMigratedPostgres(prefix = 'mc_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate()}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Databases that closed test files of this process left, reset to the template's baseline, for the next file. */
const spareDatabases: { url: string; drop: () => Promise<void> }[] = [];
let postgresBaseline: Promise<DatabaseBaseline> | undefined;

/**
 * Resets a closed test file's database and keeps it for the next file of this process, or drops it when
 * it cannot be reused. Dropping a database makes PostgreSQL checkpoint (1–3 s on the 2-core machine while
 * other files write), creating one copies the template (~0.6 s); a reset empties the tables (~0.2 s).
 */
async function releasePostgres(database: { url: string; drop: () => Promise<void> }): Promise<void> {
  const baseline = postgresBaseline ? await postgresBaseline.catch(() => undefined) : undefined;
  const reusable =
    baseline !== undefined &&
    (await withClient(database.url, (client) => resetToBaseline(client, baseline)).catch(() => false));
  if (reusable) spareDatabases.push(database);
  else await database.drop();
}

/**
 * A PostgreSQL test database holding the migrated schema and the migrations' rows: a new one from the
 * template, dropped when closed; within a test run, one a closed file of this process left and that was
 * reset, named after the run so the run's global teardown drops whatever is left.
 */
async function createPostgresTestDatabase(): Promise<Database> {
  const run = testRunId();
  if (!run) {
    const { url, drop } = await createMigratedPostgres();
    return wrapPool('postgres', createPostgresPool(url, { max: 5 }), drop);
  }
  let database = spareDatabases.pop();
  if (!database) {
    database = await createMigratedPostgres(`mc_test_${run}`);
    if (!postgresBaseline) {
      const { url } = database;
      postgresBaseline = withClient(url, (client) => readBaseline(client));
    }
    await postgresBaseline;
  }
  const taken = database;
  return wrapPool('postgres', createPostgresPool(taken.url, { max: 5 }), () => releasePostgres(taken));
}

/** Drops every PostgreSQL database test run `run` made (its global teardown; files keep theirs for reuse). */
export async function dropRunDatabases(run: string): Promise<void> {
  if (!RUN_ID.test(run)) return;
  await withClient(testAdminUrl(), async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `mc_test_${run}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
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
