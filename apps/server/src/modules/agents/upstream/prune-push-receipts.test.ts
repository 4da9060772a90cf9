import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_RECEIPT_RETENTION_DAYS } from './prune-push-receipts.job.js';
import { prunePushReceipts } from './upstream.repo.js';

let database: Database;
let agent: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO agents (name, token_hash) VALUES ('receipts', 'hash') RETURNING id`,
  );
  agent = rows[0]?.id ?? '';
});
afterAll(() => database.close());

describe('push receipts retention', () => {
  it('deletes receipts older than the retention in batches, oldest first, and keeps the recent ones', async () => {
    await database.pool.query(
      `INSERT INTO agent_push_receipts (agent_id, key, received_at)
       SELECT $1::uuid, 'old-' || n, now() - make_interval(days => $2::int + 1, secs => n) FROM generate_series(1, 5) n
       UNION ALL SELECT $1::uuid, 'new-' || n, now() - make_interval(days => $2::int - 1) FROM generate_series(1, 3) n`,
      [agent, PUSH_RECEIPT_RETENTION_DAYS],
    );
    expect(await prunePushReceipts(database.pool, PUSH_RECEIPT_RETENTION_DAYS, 2)).toBe(2);
    const oldest = await database.pool.query(`SELECT key FROM agent_push_receipts WHERE key IN ('old-5', 'old-4')`);
    expect(oldest.rows).toEqual([]); // the oldest went first
    expect(await prunePushReceipts(database.pool, PUSH_RECEIPT_RETENTION_DAYS, 10)).toBe(3);
    const { rows } = await database.pool.query<{ key: string }>('SELECT key FROM agent_push_receipts ORDER BY key');
    expect(rows.map((row) => row.key)).toEqual(['new-1', 'new-2', 'new-3']);
  });

  it('prunes the receipts of an agent deleted outright like any other (receipts no longer reference agents)', async () => {
    const { rows: gone } = await database.pool.query<{ id: string }>(
      `INSERT INTO agents (name, token_hash) VALUES ('deleted-outright', 'hash-2') RETURNING id`,
    );
    const id = gone[0]?.id ?? '';
    await database.pool.query(
      `INSERT INTO agent_push_receipts (agent_id, key, received_at)
       VALUES ($1, 'orphan-old', now() - make_interval(days => $2::int + 1)), ($1, 'orphan-new', now())`,
      [id, PUSH_RECEIPT_RETENTION_DAYS],
    );
    await database.pool.query('DELETE FROM agents WHERE id = $1', [id]);
    expect(await prunePushReceipts(database.pool, PUSH_RECEIPT_RETENTION_DAYS, 10)).toBe(1);
    const { rows } = await database.pool.query<{ key: string }>(
      'SELECT key FROM agent_push_receipts WHERE agent_id = $1',
      [id],
    );
    expect(rows.map((row) => row.key)).toEqual(['orphan-new']);
  });
});
