import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { type Queryable, readBaseline, resetToBaseline } from './database-reset.js';
import { createTestDatabase } from './test-database.js';

const open: Database[] = [];
async function database(): Promise<Database> {
  const created = await createTestDatabase();
  open.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

/** Rows `sql` answers; on the connection the test holds (a PGlite test database has only one). */
async function count(db: Queryable, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`);
  return rows[0]?.n ?? -1;
}

describe('a test database put back to its migrated state', () => {
  it('empties every table, brings back the migrations’ rows and every sequence’s position', async () => {
    const db = await database();
    const client = await db.pool.connect();
    try {
      const baseline = await readBaseline(client);
      const migrations = await count(client, 'SELECT * FROM schema_migrations');
      expect(migrations).toBeGreaterThan(0);
      expect(baseline.seeds.some((seed) => seed.table === 'schema_migrations')).toBe(true);
      const sequence = baseline.sequences[0];
      await client.query(`INSERT INTO properties (name, value) VALUES ('reset.test', 'x')`);
      await client.query('DELETE FROM schema_migrations');
      if (sequence) await client.query('SELECT setval($1::regclass, 424242)', [sequence.name]);

      expect(await resetToBaseline(client, baseline)).toBe(true);

      expect(await count(client, `SELECT * FROM properties WHERE name = 'reset.test'`)).toBe(0);
      expect(await count(client, 'SELECT * FROM schema_migrations')).toBe(migrations);
      if (sequence) {
        const { rows } = await client.query<{ last: string | null }>(
          `SELECT last_value::text AS last FROM pg_sequences WHERE format('%I.%I', schemaname, sequencename) = $1`,
          [sequence.name],
        );
        expect(rows[0]?.last ?? null).toBe(sequence.called ? sequence.last : null);
      }
    } finally {
      client.release();
    }
  });

  it('refuses a database whose schema a test changed (a table made, a function replaced), changing nothing', async () => {
    const db = await database();
    const client = await db.pool.connect();
    try {
      const baseline = await readBaseline(client);
      await client.query('CREATE TABLE reset_extra (id int)');
      await client.query(`INSERT INTO properties (name, value) VALUES ('reset.kept', 'x')`);
      expect(await resetToBaseline(client, baseline)).toBe(false);
      expect(await count(client, `SELECT * FROM properties WHERE name = 'reset.kept'`)).toBe(1);
      await client.query('DROP TABLE reset_extra');
      await client.query(
        `CREATE OR REPLACE FUNCTION check_result_hour(t timestamptz) RETURNS timestamptz
           LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('day', t) $$`,
      );
      expect(await resetToBaseline(client, baseline)).toBe(false);
    } finally {
      client.release();
    }
  });

  it('hands the next test file a database with none of the last one’s rows', async () => {
    const first = await database();
    await first.pool.query(`INSERT INTO properties (name, value) VALUES ('reset.leftover', 'x')`);
    await first.close();
    const next = await database();
    expect(await count(next.pool, `SELECT * FROM properties WHERE name = 'reset.leftover'`)).toBe(0);
    expect(await count(next.pool, 'SELECT * FROM schema_migrations')).toBeGreaterThan(0);
  });
});
