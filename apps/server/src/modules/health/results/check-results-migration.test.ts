import { randomBytes } from 'node:crypto';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { createPglite, loadMigrations, migrate } from '@mc/db';
import { testAdminUrl, testEngine } from '@mc/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const COMPACT = '0055_check_results_compact.sql';
const ABSOLUTE_TIMES = '0233_check_result_blocks_absolute_times.sql';

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

const HISTORY = `SELECT check_id, time, status, invalid, duration, message, error, details FROM check_statuses ORDER BY check_id, time`;
const ROLLUPS = `SELECT check_id, created_at, total, passed, failed, duration, latency_hist, cum_total, cum_hist
  FROM check_statuses_1h ORDER BY 1, 2`;

describe('migration 0055 (compact check results)', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    db = await emptyDatabase();
    await migrate(
      db.pool,
      loadMigrations().filter((m) => m.name < COMPACT),
    );
  });
  afterAll(async () => {
    await db?.close();
  });

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

describe('migration 0233 (packed times without a running window)', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  // Times as text to the microsecond (a JavaScript Date keeps milliseconds only).
  const RUNS = `SELECT check_id, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS time, status, invalid,
      duration, message, error, details, time_block
    FROM check_statuses ORDER BY check_id, time`;
  const BLOCKS = `SELECT check_id, hour, runs, passed, max_passed_duration, max_duration, unit, durations, flags, messages,
      message_at, errors, error_at, details, details_at
    FROM check_result_blocks ORDER BY check_id, hour`;
  let one = '';
  let two = '';

  beforeAll(async () => {
    db = await emptyDatabase();
    await migrate(
      db.pool,
      loadMigrations().filter((m) => m.name < ABSOLUTE_TIMES),
    );
    const { rows: checks } = await db.pool.query<{ id: string; name: string }>(
      `WITH c AS (INSERT INTO canaries (name) VALUES ('packed') RETURNING id)
       INSERT INTO checks (canary_id, type, name) SELECT c.id, 'http', n FROM c, unnest(ARRAY['one', 'two']) AS n
       RETURNING id, name`,
    );
    one = checks.find((row) => row.name === 'one')?.id ?? '';
    two = checks.find((row) => row.name === 'two')?.id ?? '';
    // Runs of every shape through the view, packed by 0200's packer. one: an hour every 20 s with start
    // jitter in whole ms, a missed run and a Run Now between two; failures with their error and details,
    // a NULL status, invalid and duration, messages that change, repeat, carry the duration or are NULL;
    // an hour at microseconds; an hour of one run and one of two. two: an hour whose first runs are
    // closer than its period (a negative base), and an hour a minute apart.
    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, details)
       SELECT $1::uuid, timestamptz '2026-03-01T10:00:00Z' + i * interval '20 s' + (i * 7 % 25) * interval '1 ms',
         CASE WHEN i = 77 THEN NULL ELSE i % 23 <> 5 END, CASE WHEN i = 78 THEN NULL ELSE i % 31 = 2 END,
         CASE WHEN i = 79 THEN NULL ELSE 15 + i * 37 % 60 END,
         CASE WHEN i % 23 = 5 THEN 'HTTP 503 in ' || (15 + i * 37 % 60) || ' ms' WHEN i % 40 < 20 THEN 'HTTP 200 OK'
           WHEN i % 40 < 39 THEN 'HTTP 200 in ' || (15 + i * 37 % 60) || ' ms' END,
         CASE WHEN i % 23 = 5 THEN 'expected 200, got 503' END,
         CASE WHEN i % 23 = 5 THEN jsonb_build_object('code', 503, 'i', i) WHEN i % 60 = 0 THEN '{"code": 200}' END
       FROM generate_series(0, 179) AS i WHERE i <> 50
       UNION ALL SELECT $1, '2026-03-01T10:33:27.5Z', true, false, 40, 'run now', NULL, NULL
       UNION ALL SELECT $1, timestamptz '2026-03-01T11:00:00Z' + i * interval '5 min' + i * interval '1.234567 s', i <> 3,
         false, i, 'µs ' || i, NULL, NULL FROM generate_series(0, 11) AS i
       UNION ALL SELECT $1, '2026-03-01T12:59:59.999Z', false, NULL, 7, NULL, 'alone', '{"only": true}'
       UNION ALL SELECT $1, t, true, false, 5, 'pair', NULL, NULL
         FROM unnest(ARRAY['2026-03-01T13:00:00Z', '2026-03-01T13:30:00.001Z']::timestamptz[]) AS t
       UNION ALL SELECT $2, timestamptz '2026-03-01T10:00:00.5Z' + s * interval '1 s', true, false, 10 + s::int, 'ok', NULL, NULL
         FROM unnest(ARRAY[0, 2.5, 19.5, 39.5, 59.5, 79.5, 99.5]) AS s
       UNION ALL SELECT $2, timestamptz '2026-03-01T11:00:00Z' + i * interval '1 min', i % 2 = 0, false, i, 'minute', NULL, NULL
         FROM generate_series(0, 59) AS i`,
      [one, two],
    );
    await db.pool.query('SELECT check_results_pack(now(), 1000)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('converts blocks packed by 0200: every run reads back the same, to the microsecond; the packer and the triggers go on', async () => {
    const { rows: counted } = await db.pool.query<{ blocks: number; rows: number }>(
      'SELECT (SELECT count(*)::int FROM check_result_blocks) AS blocks, (SELECT count(*)::int FROM check_results) AS rows',
    );
    expect(counted[0]).toEqual({ blocks: 6, rows: 0 });
    const before = (await db.pool.query(RUNS)).rows;
    const blocks = (await db.pool.query(BLOCKS)).rows;
    expect(before).toHaveLength(180 + 12 + 1 + 2 + 7 + 60);
    expect(before.filter((row) => row.status === null || row.invalid === null || row.duration === null)).toHaveLength(
      4,
    );
    expect(before.find((row) => row.time === '2026-03-01 11:05:01.234567')).toMatchObject({ message: 'µs 1' });

    expect(await migrate(db.pool)).toEqual(
      loadMigrations()
        .map((m) => m.name)
        .filter((name) => name >= ABSOLUTE_TIMES),
    );

    expect((await db.pool.query(RUNS)).rows).toEqual(before);
    expect((await db.pool.query(BLOCKS)).rows).toEqual(blocks);
    // A converted block is what the new packer makes of the same runs.
    const { rows: repacked } = await db.pool.query<{ same: boolean }>(
      `SELECT (b.step, b.times) = (p.step, p.times) AS same FROM check_result_blocks b,
         LATERAL check_result_block_pack(b.check_id, b.hour,
           ARRAY(SELECT d FROM check_result_block_runs(b) AS d ORDER BY d.time), NULL) AS p`,
    );
    expect(repacked.map((row) => row.same)).toEqual([true, true, true, true, true, true]);

    // The insert trigger's test of a run packed already (a repeated write is refused), to the microsecond;
    // a late run joins its converted block at the next pack.
    const { rows: packed } = await db.pool.query<{ at: boolean; off: boolean }>(
      `SELECT check_result_packed($1, '2026-03-01T11:05:01.234567Z') AS at,
         check_result_packed($1, '2026-03-01T11:05:01.234568Z') AS off`,
      [one],
    );
    expect(packed[0]).toEqual({ at: true, off: false });
    await db.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message) VALUES ($1, '2026-03-01T10:16:40.123456Z', true, false, 3, 'late')`,
      [one],
    );
    await db.pool.query('SELECT check_results_pack(now(), 1000)');
    const late = {
      check_id: one,
      time: '2026-03-01 10:16:40.123456',
      status: true,
      invalid: false,
      duration: 3,
      message: 'late',
      error: null,
      details: null,
      time_block: new Date('2026-03-01T10:00:00Z'),
    };
    const key = (row: { check_id: string; time: string }) => `${row.check_id} ${row.time}`;
    const withLate = [...before, late].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect((await db.pool.query(RUNS)).rows).toEqual(withLate);
    // Deleting a packed run rewrites its block without it.
    await db.pool.query(`DELETE FROM check_statuses WHERE check_id = $1 AND time = '2026-03-01T10:00:03Z'`, [two]);
    expect((await db.pool.query(RUNS)).rows).toEqual(
      withLate.filter((row) => row.time !== '2026-03-01 10:00:03.000000'),
    );
  });
});
