import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { loadMigrations, migrate } from './migrate.js';
import { createTestDatabase } from './testing/index.js';

describe('migrate', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('has applied every migration once, and a second run applies nothing', async () => {
    const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(loadMigrations().map((m) => m.name));
    expect(await migrate(database.pool)).toEqual([]);
  });

  it('runs concurrent migrations once: the second caller waits on the lock and finds nothing to do', async () => {
    const extra = [{ name: '9999_probe.sql', sql: 'CREATE TABLE migration_probe (id int PRIMARY KEY)' }];
    const results = await Promise.all([
      migrate(database.pool, [...loadMigrations(), ...extra]),
      migrate(database.pool, [...loadMigrations(), ...extra]),
    ]);
    expect(results.flat()).toEqual(['9999_probe.sql']);
  });

  it('rolls a failed migration back whole and names it', async () => {
    const broken = [
      { name: '9998_ok.sql', sql: 'CREATE TABLE should_not_exist (id int)' },
      { name: '9999_broken.sql', sql: 'CREATE TABLE oops (' },
    ];
    await expect(migrate(database.pool, broken)).rejects.toThrow(/Migration 9999_broken.sql failed/);
    const { rows } = await database.pool.query("SELECT to_regclass('should_not_exist') AS t");
    expect(rows[0].t).toBeNull();
  });

  it('generates time-ordered ids', async () => {
    const { rows } = await database.pool.query<{ a: string; b: string }>(
      'SELECT generate_ulid()::text AS a, pg_sleep(0.002), generate_ulid()::text AS b',
    );
    const row = rows[0];
    expect(row && row.a < row.b).toBe(true);
  });
});
