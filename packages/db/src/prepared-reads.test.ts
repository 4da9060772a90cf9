import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from './database.js';
import { preparedReads } from './prepared-reads.js';
import { createPostgresTestUrl, createTestDatabase, testEngine } from './testing/index.js';

/** Statements prepared on the one connection of `database`'s pool. */
async function preparedOnConnection(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ statement: string }>(
    "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'mc\\_%' ORDER BY statement",
  );
  return rows.map((r) => r.statement);
}

describe.runIf(testEngine() === 'postgres')('prepared reads on PostgreSQL', () => {
  let target: { url: string; drop: () => Promise<void> };
  let database: Database;
  beforeAll(async () => {
    target = await createPostgresTestUrl();
    database = connectPostgres(target.url, { max: 1 });
    await database.pool.query('CREATE TABLE prepared_t (id int PRIMARY KEY, name text)');
    await database.pool.query("INSERT INTO prepared_t VALUES (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('prepares a text from its second use and answers the same rows with new values', async () => {
    const reads = preparedReads(database);
    const text = 'SELECT name FROM prepared_t WHERE id = $1';
    expect((await reads.query(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect(await preparedOnConnection(database)).toEqual([]);
    expect((await reads.query(text, [2])).rows).toEqual([{ name: 'two' }]);
    expect((await reads.query(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect(await preparedOnConnection(database)).toEqual([text]);
  });

  it('prepares no more than its bound of texts; the rest run unprepared with the right answers', async () => {
    await database.pool.query('DEALLOCATE ALL');
    const reads = preparedReads(database, { maxTexts: 2 });
    for (let i = 0; i < 5; i++) {
      const text = `SELECT name FROM prepared_t WHERE id = $1 AND ${i} = ${i}`;
      await reads.query(text, [1]);
      expect((await reads.query(text, [2])).rows).toEqual([{ name: 'two' }]);
    }
    expect(await preparedOnConnection(database)).toHaveLength(2);
  });

  it('answers with the new columns after a schema change made a prepared statement stale', async () => {
    const reads = preparedReads(database);
    const text = 'SELECT * FROM prepared_t WHERE id = $1';
    await reads.query(text, [1]);
    await reads.query(text, [1]);
    await database.pool.query('ALTER TABLE prepared_t ADD COLUMN extra int DEFAULT 7');
    expect((await reads.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', extra: 7 }]);
    expect((await reads.query(text, [2])).rows).toEqual([{ id: 2, name: 'two', extra: 7 }]);
  });

  it('reports a bad value as the database does, and keeps answering afterwards', async () => {
    const reads = preparedReads(database);
    const text = 'SELECT name FROM prepared_t WHERE id = $1::int';
    await reads.query(text, [1]);
    await expect(reads.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await reads.query(text, [2])).rows).toEqual([{ name: 'two' }]);
  });
});

describe.runIf(testEngine() === 'pglite')('prepared reads on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs every read as it comes (its connections share one session)', async () => {
    const reads = preparedReads(database);
    for (let i = 0; i < 3; i++) expect((await reads.query('SELECT $1::int AS n', [i])).rows).toEqual([{ n: i }]);
    expect(await preparedOnConnection(database)).toEqual([]);
  });
});
