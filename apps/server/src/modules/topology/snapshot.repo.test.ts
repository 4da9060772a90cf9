import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../health/testing/packed-history.js';
import { checkResultsSince } from './snapshot.repo.js';

/** A snapshot's check results read only the packed hours since its start (migration 0200), rows included. */
let database: Database;
let checkId: string;
let history: PackedHistory;

beforeAll(async () => {
  database = await createTestDatabase();
  const [check] = await insertHttpChecks(database, 'snapshot', ['s']);
  checkId = check?.id ?? '';
  history = await recordPackedHistory(database, checkId);
});
afterAll(() => database.close());

describe('checkResultsSince across the pack boundary', () => {
  it('answers every run since the start, packed or not, newest first, and none before it', async () => {
    const from = new Date(history.hourNow - 3 * 3_600_000 + 25 * 60_000);
    const rows = (await checkResultsSince(database.db, [checkId], from)) as Array<{ time: Date; duration: number }>;
    const since = history.runs.filter((run) => run.time >= from).reverse();
    expect(since.some((run) => run.time < history.packedBefore)).toBe(true);
    expect(rows.map((row) => [row.time, row.duration])).toEqual(since.map((run) => [run.time, run.duration]));
    expect(rows[0]).toMatchObject({ check_id: checkId, status: since[0]?.status, message: since[0]?.message });
  });
});
