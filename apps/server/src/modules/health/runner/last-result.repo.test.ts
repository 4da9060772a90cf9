import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, recordPackedHistory } from '../testing/packed-history.js';
import { previousRun } from './last-result.repo.js';

/**
 * The previous run (canary-checker's last_result) reads the rows not yet packed and the newest block
 * (migration 0200): the same run and details as reading the whole history.
 */
let database: Database;
const ids: Record<string, string> = {};

/** The answer before the bound: the whole history, newest first. */
async function unbounded(checkId: string) {
  const { rows } = await database.pool.query(
    `SELECT s.status, s.invalid, s.time, s.duration, s.message, s.error,
       (SELECT d.details FROM check_statuses d WHERE d.check_id = s.check_id AND d.details IS NOT NULL
         ORDER BY d.time DESC LIMIT 1) AS details
     FROM check_statuses s WHERE s.check_id = $1 ORDER BY s.time DESC LIMIT 1`,
    [checkId],
  );
  return rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const row of await insertHttpChecks(database, 'last-result', ['recent', 'quiet', 'never']))
    ids[row.name] = row.id;
});
afterAll(() => database.close());

describe('previousRun across the pack boundary', () => {
  it('is the newest row, with the details of the newest run that kept them, in an old block', async () => {
    const id = ids.recent ?? '';
    // Failures (details kept) only in the oldest packed hour; then passes with unchanged details.
    const { runs, packedBefore } = await recordPackedHistory(database, id, { fails: (i) => i === 2 });
    const { rows } = await database.pool.query<{ hour: Date; details: boolean }>(
      'SELECT hour, details IS NOT NULL AS details FROM check_result_blocks WHERE check_id = $1 ORDER BY hour',
      [id],
    );
    expect(rows.map((row) => row.details)).toEqual([true, false, false]);
    const newest = runs.at(-1);
    const previous = await previousRun(database.db, id);
    expect(previous).toEqual(await unbounded(id));
    expect(previous).toMatchObject({ time: newest?.time, duration: newest?.duration, status: true, message: 'ok' });
    // The first pass after the failure kept { code: 200 }: the details shown are those, from the oldest block.
    expect(previous?.details).toEqual({ code: 200 });
    expect(newest && newest.time >= packedBefore).toBe(true);
  });

  it('is the newest packed run when no row is left, and nothing for a check that never ran', async () => {
    const id = ids.quiet ?? '';
    const { runs, packedBefore } = await recordPackedHistory(database, id, { fails: (i) => i % 5 === 4 });
    await database.pool.query(
      `DELETE FROM check_results r USING checks k WHERE k.result_key = r.check_key AND k.id = $1 AND r.time >= $2`,
      [id, packedBefore.toISOString()],
    );
    const newestPacked = runs.filter((run) => run.time < packedBefore).at(-1);
    const previous = await previousRun(database.db, id);
    expect(previous).toEqual(await unbounded(id));
    expect(previous).toMatchObject({ time: newestPacked?.time, duration: newestPacked?.duration });
    expect(previous?.details).not.toBeNull();
    expect(await previousRun(database.db, ids.never ?? '')).toBeUndefined();
  });
});
