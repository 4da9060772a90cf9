import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../testing/packed-history.js';
import { latestStatuses } from './checks-api.repo.js';

/**
 * The checks API's newest results per check read only the blocks holding them (migration 0200): the same
 * rows in the same order as the window's whole history gave, across the pack boundary.
 */
let database: Database;
const ids: string[] = [];
const histories: PackedHistory[] = [];
const HOUR = 3_600_000;

/** The answer before the bound: every run of the window numbered per check. */
async function unbounded(checkIds: string[], from: Date, to: Date, perCheck: number) {
  const { rows } = await database.pool.query(
    `SELECT check_id, status, invalid, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time,
       duration, message, error
     FROM (SELECT s.*, row_number() OVER (PARTITION BY s.check_id ORDER BY s.time DESC) AS n
           FROM check_statuses s WHERE s.check_id = ANY($1::uuid[]) AND s.time >= $2 AND s.time < $3) r
     WHERE n <= $4 ORDER BY check_id, time DESC`,
    [checkIds, from.toISOString(), to.toISOString(), perCheck],
  );
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const row of await insertHttpChecks(database, 'checks-api', ['a', 'b'])) {
    ids.push(row.id);
    histories.push(await recordPackedHistory(database, row.id, { runsPerHour: 4 }));
  }
});
afterAll(() => database.close());

describe('latestStatuses across the pack boundary', () => {
  it('answers each check’s newest runs of the window, from rows and blocks, as the whole history did', async () => {
    const history = histories[0];
    if (!history) throw new Error('history missing');
    const to = new Date(Date.now() + 1000);
    const from = new Date(history.hourNow - 30 * HOUR);
    const blocks = await database.pool.query('SELECT 1 FROM check_result_blocks WHERE check_id = ANY($1::uuid[])', [
      ids,
    ]);
    expect(blocks.rowCount).toBe(6);
    for (const perCheck of [1, 3, 9, 100]) {
      const rows = await latestStatuses(database, ids, { from, to }, perCheck);
      expect(rows).toEqual(await unbounded(ids, from, to, perCheck));
      const first = rows.filter((row) => row.check_id === ids[0]);
      const newest = [...history.runs].reverse().slice(0, perCheck);
      expect(first.map((row) => row.duration)).toEqual(newest.map((run) => run.duration));
    }
  });

  it('answers a window that ends and starts inside packed hours', async () => {
    const history = histories[1];
    if (!history) throw new Error('history missing');
    const from = new Date(history.hourNow - 4 * HOUR + 20 * 60_000);
    const to = new Date(history.hourNow - 2 * HOUR + 40 * 60_000);
    for (const perCheck of [1, 5, 100]) {
      const rows = await latestStatuses(database, ids, { from, to }, perCheck);
      expect(rows).toEqual(await unbounded(ids, from, to, perCheck));
      const inside = history.runs.filter((run) => run.time >= from && run.time < to).reverse();
      expect(rows.filter((row) => row.check_id === ids[1]).map((row) => row.duration)).toEqual(
        inside.slice(0, perCheck).map((run) => run.duration),
      );
    }
    expect(await latestStatuses(database, ids, { from: to, to: new Date(to.getTime() + 1) }, 5)).toEqual([]);
  });
});
