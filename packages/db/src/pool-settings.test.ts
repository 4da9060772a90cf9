import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEndpoint, connectPostgres, type Database } from './database.js';
import { loadMigrations, migrate } from './migrate.js';
import { createPostgresTestUrl, testEngine } from './testing/index.js';

// PostgreSQL only: the embedded database is one session and cannot cancel a statement (the server's
// configuration refuses MC_DB_POOL_MAX and MC_DB_STATEMENT_TIMEOUT_MS without DATABASE_URL).
describe.runIf(testEngine() === 'postgres')(
  'PostgreSQL pool settings (MC_DB_POOL_MAX, MC_DB_STATEMENT_TIMEOUT_MS, MC_DB_POOL_IDLE_MS)',
  () => {
    let target: { url: string; drop: () => Promise<void> };
    let database: Database;

    beforeAll(async () => {
      target = await createPostgresTestUrl();
      database = connectPostgres(target.url, { max: 3, statementTimeoutMs: 400, idleTimeoutMs: 60_000 });
    });
    afterAll(async () => {
      await database?.close();
      await target?.drop();
    });

    it('cancels a statement that runs longer than the timeout with a clear error', async () => {
      const { rows } = await database.pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(rows[0]?.statement_timeout).toBe('400ms');
      const started = Date.now();
      await expect(database.pool.query('SELECT pg_sleep(5)')).rejects.toMatchObject({
        code: '57014',
        message: expect.stringMatching(/canceling statement due to statement timeout/),
      });
      expect(Date.now() - started).toBeLessThan(4_500);
      // a statement within the limit still runs
      await expect(database.pool.query('SELECT pg_sleep(0.05)')).resolves.toBeDefined();
    });

    it('opens at most the configured connections however many queries wait', async () => {
      const pids = await Promise.all(
        Array.from({ length: 9 }, () =>
          database.pool
            .query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)')
            .then((r) => r.rows[0]?.pid),
        ),
      );
      expect(new Set(pids).size).toBeLessThanOrEqual(3);
      expect(database.pool.totalCount).toBeLessThanOrEqual(3);
    });

    it("gives another thread's pool on the endpoint the same limits", async () => {
      expect(database.endpoint).toMatchObject({
        engine: 'postgres',
        settings: { max: 3, statementTimeoutMs: 400, idleTimeoutMs: 60_000 },
      });
      const endpoint = database.endpoint;
      if (!endpoint) throw new Error('a PostgreSQL database has an endpoint');
      const other = connectEndpoint(endpoint, { max: 10, applicationName: 'pool-settings-test' });
      try {
        expect(other.pool.options.max).toBe(3);
        expect(other.pool.options.idleTimeoutMillis).toBe(60_000);
        await expect(other.pool.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
      } finally {
        await other.close();
      }
    });

    it('lets a migration run longer than the statement timeout', async () => {
      const slow = { name: '9999_pool_settings_slow.sql', sql: 'SELECT pg_sleep(0.6)' };
      const applied = await migrate(database.pool, [...loadMigrations(), slow]);
      expect(applied).toEqual([slow.name]);
    });
  },
);
