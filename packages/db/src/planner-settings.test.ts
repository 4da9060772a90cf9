import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { RANDOM_PAGE_COST } from './planner-settings.js';
import { createTestDatabase } from './testing/index.js';

describe('planner settings of every session', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('plans with the SSD cost of a random page on every pooled connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.pool.query<{ cost: string }>("SELECT current_setting('random_page_cost') AS cost"),
      ),
    );
    for (const { rows } of answers) expect(Number(rows[0]?.cost)).toBe(RANDOM_PAGE_COST);
  });

  it("reads a check's newest history page from its newest packed hours, not by decoding every hour", async () => {
    // A week of packed hours for a few checks (60 passing runs a minute apart each), with statistics.
    await database.pool.query(
      `INSERT INTO check_result_blocks (check_id, hour, runs, passed, max_passed_duration, max_duration, unit, step,
         times, durations, flags, messages, message_at)
       SELECT ('00000000-0000-4000-8000-00000000000' || c)::uuid, date_trunc('hour', now()) - h * interval '1 hour',
         60, 60, 50, 50, 1000, 60000, '0' || repeat(',0', 59), '50' || repeat(',50', 59), repeat('b', 60),
         ARRAY['HTTP 200'], ARRAY[1]
       FROM generate_series(1, 5) AS c, generate_series(1, 168) AS h`,
    );
    await database.pool.query('ANALYZE check_result_blocks');
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT time FROM check_statuses WHERE check_id = '00000000-0000-4000-8000-000000000001'
         AND status = true ORDER BY time_block DESC, time DESC LIMIT 50`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan Backward using check_result_blocks_pkey/);
  });
});
