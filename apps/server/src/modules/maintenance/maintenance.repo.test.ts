import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../health/testing/packed-history.js';
import { checkRunCounts } from './maintenance.repo.js';

/** The runs a maintenance window held are counted from the packed hours of the window only (migration 0200). */
let database: Database;
const ids: string[] = [];
const histories: PackedHistory[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [i, row] of (await insertHttpChecks(database, 'maintenance', ['a', 'b'])).entries()) {
    ids.push(row.id);
    histories.push(await recordPackedHistory(database, row.id, { fails: (n) => n % (2 + i) === 0 }));
  }
});
afterAll(() => database.close());

describe('checkRunCounts across the pack boundary', () => {
  it('counts each check’s runs in a window spanning packed hours and rows, and none outside it', async () => {
    const hourNow = histories[0]?.hourNow ?? 0;
    const from = new Date(hourNow - 3 * HOUR + 10 * 60_000);
    const to = new Date(hourNow - HOUR + 30 * 60_000);
    const counts = await checkRunCounts(database.pool, ids, from, to);
    const expected = histories.map((history, i) => {
      const inside = history.runs.filter((run) => run.time >= from && run.time < to);
      return {
        check_id: ids[i],
        passed: inside.filter((run) => run.status).length,
        failed: inside.filter((run) => !run.status).length,
      };
    });
    const packedBefore = histories[0]?.packedBefore ?? from;
    expect(histories[0]?.runs.some((run) => run.time >= from && run.time < packedBefore)).toBe(true);
    expect(counts.sort((a, b) => a.check_id.localeCompare(b.check_id))).toEqual(
      expected.sort((a, b) => String(a.check_id).localeCompare(String(b.check_id))),
    );
  });
});
