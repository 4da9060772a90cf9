import { randomBytes } from 'node:crypto';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { createPglite, loadMigrations, migrate } from '@mc/db';
import { testAdminUrl, testEngine } from '@mc/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const COMPACT = '0055_check_results_compact.sql';

/** An empty database of the suite's engine, for migrating step by step. */
async function emptyDatabase(): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  if (testEngine() === 'pglite') {
    const pglite = await createPglite();
    const pool = new pg.Pool(createPgConfig(pglite));
    return {
      pool,
      close: async () => {
        await pool.end();
        await pglite.close();
      },
    };
  }
  const name = `mc_test_migration_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testAdminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pool.end() resolves before its sockets close; the FORCE drop below then terminates a client that
  // is already ending. The pool re-emits an idle client's error on itself, so both need a listener.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    pool,
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let db: Awaited<ReturnType<typeof emptyDatabase>>;
const HISTORY = `SELECT check_id, time, status, invalid, duration, message, error, details FROM check_statuses ORDER BY check_id, time`;
const ROLLUPS = `SELECT check_id, created_at, total, passed, failed, duration, latency_hist, cum_total, cum_hist
  FROM check_statuses_1h ORDER BY 1, 2`;

beforeAll(async () => {
  db = await emptyDatabase();
  await migrate(
    db.pool,
    loadMigrations().filter((m) => m.name < COMPACT),
  );
});

afterAll(async () => {
  await db.close();
});

describe('migration 0055 (compact check results)', () => {
  it('converts existing results: the view answers the same rows, the rollups stay, new results still roll up', async () => {
    const { rows: canary } = await db.pool.query("INSERT INTO canaries (name) VALUES ('old') RETURNING id");
    const { rows: checks } = await db.pool.query(
      `INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'one'), ($1, 'tcp', 'two') RETURNING id`,
      [canary[0].id],
    );
    const [one, two] = checks.map((row) => row.id as string);
    // The old layout: every run with its full answer, messages of every shape.
    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, details)
       SELECT CASE WHEN g % 2 = 0 THEN $1::uuid ELSE $2::uuid END,
         timestamptz '2026-02-01T00:00:00Z' + g * interval '7 minutes', g % 5 <> 0, g % 13 = 0, g * 3,
         CASE g % 4 WHEN 0 THEN 'HTTP 200 in ' || (g * 3) || ' ms' WHEN 1 THEN NULL WHEN 2 THEN 'odd ' || chr(1)
           ELSE 'connected in ' || (g * 3) || ' ms, twice ' || (g * 3) || ' ms' END,
         CASE WHEN g % 5 = 0 THEN 'failed ' || g END,
         jsonb_build_object('url', 'http://x/' || g, 'headers', jsonb_build_object('Date', g::text))
       FROM generate_series(1, 60) AS g`,
      [one, two],
    );
    const before = (await db.pool.query(HISTORY)).rows;
    const rollups = (await db.pool.query(ROLLUPS)).rows;
    expect(before).toHaveLength(60);

    expect(await migrate(db.pool)).toContain(COMPACT);

    const after = (await db.pool.query(HISTORY)).rows;
    expect(after).toEqual(
      before.map((row) => (row.message === 'odd \u0001' ? { ...row, message: 'odd \u2401' } : row)),
    );
    expect((await db.pool.query(ROLLUPS)).rows).toEqual(rollups);
    const { rows: stored } = await db.pool.query<{ n: number; packed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE strpos(message, chr(1)) > 0)::int AS packed FROM check_results`,
    );
    expect(stored[0]).toEqual({ n: 60, packed: 30 });

    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, message)
       VALUES ($1, '2026-02-01T07:10:00Z', true, 4, 'HTTP 200 in 4 ms')`,
      [one],
    );
    const { rows: hour } = await db.pool.query(
      `SELECT total, cum_total FROM check_statuses_1h WHERE check_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [one],
    );
    expect(hour[0]).toMatchObject({ cum_total: 31 });
    // A hard-deleted check takes its results with it, as the old foreign key's cascade did.
    await db.pool.query('DELETE FROM checks WHERE id = $1', [two]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM check_results')).rows[0].n).toBe(31);
  });
});
