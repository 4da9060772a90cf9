import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { createTestDatabase } from '../testing/index.js';
import { bulkLoad } from './bulk.js';

async function indexDefinitions(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE tablename = 'job_history' ORDER BY indexname",
  );
  return rows.map((row) => row.indexdef);
}

describe('bulkLoad', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('rebuilds the secondary indexes after a large load, exactly as they were', async () => {
    const before = await indexDefinitions(database);
    const client = await database.pool.connect();
    try {
      await bulkLoad(
        { client },
        'job_history',
        10,
        async () => {
          const during = await client.query(
            "SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'job_history'",
          );
          expect(during.rows[0]).toEqual({ n: 1 });
          await client.query(
            "INSERT INTO job_history (name, status) SELECT 'Bulk', 'SUCCESS' FROM generate_series(1, 10)",
          );
        },
        0,
      );
    } finally {
      client.release();
    }
    expect(await indexDefinitions(database)).toEqual(before);
  });

  it('leaves the indexes in place when the load fails', async () => {
    const before = await indexDefinitions(database);
    const client = await database.pool.connect();
    try {
      await expect(
        bulkLoad({ client }, 'job_history', 10, () => client.query('SELECT * FROM no_such_table'), 0),
      ).rejects.toThrow(/no_such_table/);
    } finally {
      client.release();
    }
    expect(await indexDefinitions(database)).toEqual(before);
  });
});
