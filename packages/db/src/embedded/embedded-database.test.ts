import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../data-dir-lock.js';
import { connectEndpoint, JOBS_APPLICATION_NAME } from '../database.js';
import { loadMigrations, migrate } from '../migrate.js';
import { ensureMigratedSnapshot } from '../migrated-snapshot.js';
import { testEngine } from '../testing/index.js';
import { openEmbedded } from './embedded-database.js';

describe.skipIf(testEngine() === 'postgres')('openEmbedded', () => {
  it('keeps data across a close and reopen, and refuses a second opener while open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const first = await openEmbedded(dir);
    await migrate(first.pool);
    await first.pool.query('CREATE TABLE survivor (id int PRIMARY KEY, note text)');
    await first.pool.query("INSERT INTO survivor VALUES (1, 'kept')");
    await expect(openEmbedded(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();

    const second = await openEmbedded(dir);
    try {
      const { rows } = await second.pool.query('SELECT note FROM survivor WHERE id = 1');
      expect(rows).toEqual([{ note: 'kept' }]);
      expect(await migrate(second.pool)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('restores a fresh data directory from the migrated snapshot, so nothing is left to migrate', async () => {
    await ensureMigratedSnapshot();
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const database = await openEmbedded(dir);
    try {
      expect(await migrate(database.pool)).toEqual([]);
      const { rows } = await database.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM schema_migrations');
      expect(rows[0]?.c).toBe(loadMigrations().length);
    } finally {
      await database.close();
    }
  });

  it('serves concurrent clients without mixing their transactions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const database = await openEmbedded(dir);
    try {
      await database.pool.query('CREATE TABLE counter (n int)');
      const a = await database.pool.connect();
      await a.query('BEGIN');
      await a.query('INSERT INTO counter VALUES (1)');
      const outside = database.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM counter');
      await a.query('ROLLBACK');
      a.release();
      expect((await outside).rows[0]?.c).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('serves a second pool from the endpoint: concurrent statements never mix, named statements stay per connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const database = await openEmbedded(dir);
    if (!database.endpoint) throw new Error('the embedded database names its endpoint');
    const jobs = connectEndpoint(database.endpoint, { applicationName: JOBS_APPLICATION_NAME });
    try {
      // Different unnamed statements from both connections at once: a Parse of one landing between the
      // other's Parse and Bind would bind the wrong statement (or fail on the parameter type).
      const sums = Array.from({ length: 150 }, (_, i) =>
        database.pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [i]).then(({ rows }) => rows[0]?.n),
      );
      const texts = Array.from({ length: 150 }, (_, i) =>
        jobs.pool.query<{ s: string }>("SELECT $1::text || '-x' AS s", [`t${i}`]).then(({ rows }) => rows[0]?.s),
      );
      expect(await Promise.all(sums)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
      expect(await Promise.all(texts)).toEqual(Array.from({ length: 150 }, (_, i) => `t${i}-x`));
      const named = await Promise.all([
        database.pool.query({ name: 'same_name', text: 'SELECT 1 AS v', values: [] }),
        jobs.pool.query({ name: 'same_name', text: 'SELECT 2 AS v', values: [] }),
      ]);
      expect(named.map(({ rows }) => rows[0]?.v)).toEqual([1, 2]);

      await database.pool.query('CREATE TABLE shared (n int)');
      const tx = await jobs.pool.connect();
      await tx.query('BEGIN');
      await tx.query('INSERT INTO shared VALUES ($1)', [1]);
      const outside = database.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM shared');
      await tx.query('COMMIT');
      tx.release();
      expect((await outside).rows[0]?.c).toBe(1);
    } finally {
      await jobs.close();
      await database.close();
    }
  });

  it('rolls back a connection that closes inside a transaction; a failed statement leaves other connections working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const database = await openEmbedded(dir);
    if (!database.endpoint) throw new Error('the embedded database names its endpoint');
    const other = connectEndpoint(database.endpoint);
    try {
      await database.pool.query('CREATE TABLE kept (n int PRIMARY KEY)');
      const tx = await other.pool.connect();
      await tx.query('BEGIN');
      await tx.query('INSERT INTO kept VALUES ($1)', [1]);
      tx.release(true); // the connection closes with its transaction open
      const after = await database.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM kept');
      expect(after.rows[0]?.c).toBe(0);
      await expect(other.pool.query('SELECT $1::int / 0 AS n', [1])).rejects.toThrow(/division by zero/);
      const [mine, theirs] = await Promise.all([
        database.pool.query<{ n: number }>('SELECT $1::int AS n', [7]),
        other.pool.query<{ n: number }>('SELECT $1::int AS n', [8]),
      ]);
      expect([mine.rows[0]?.n, theirs.rows[0]?.n]).toEqual([7, 8]);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
