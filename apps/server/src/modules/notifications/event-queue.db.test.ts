import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEvents } from './event-queue.repo.js';

/**
 * A claim with a backlog walks the queue in claim order and stops at its limit (migration 0215), instead
 * of reading, anti-joining and sorting the whole queue on every claim — a backlog must not make the
 * consumer slower the longer it grows.
 */
let database: Database;
const BACKLOG = 5_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(
    `INSERT INTO event_queue (name, properties)
     SELECT 'check.failed', jsonb_build_object('id', md5((n % 100)::text)::uuid, 'n', n) FROM generate_series(1, $1::int) n`,
    [BACKLOG],
  );
  await database.pool.query('ANALYZE event_queue');
});
afterAll(() => database.close());

describe('claiming events from a backlog', () => {
  it('walks the claim-order index with a per-resource probe, not a scan of the whole queue', async () => {
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT e.id FROM event_queue e
       WHERE e.attempts < 3 AND NOT EXISTS (SELECT 1 FROM event_queue p
         WHERE p.resource_key = e.resource_key AND p.id < e.id AND p.attempts < 3)
       ORDER BY e.priority DESC, e.id LIMIT 50 FOR UPDATE SKIP LOCKED`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('event_queue_priority_id_idx');
    expect(plan).not.toMatch(/Seq Scan on event_queue e\b/);
  });

  it('still claims the oldest event of each resource, one per resource', async () => {
    const first = (await claimEvents(database.pool, 'test', 60_000, 50)).map((event) => Number(event.properties.n));
    const second = (await claimEvents(database.pool, 'other', 60_000, 50)).map((event) => Number(event.properties.n));
    // each resource's head is its event n ≤ 100 (resource n % 100): 100 heads, 50 a claim, none twice
    expect(new Set([...first, ...second]).size).toBe(100);
    expect(Math.max(...first, ...second)).toBeLessThanOrEqual(100);
  });
});
