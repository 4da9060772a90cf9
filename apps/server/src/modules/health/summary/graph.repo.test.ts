import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../testing/packed-history.js';
import { graphRawRows } from './graph.repo.js';

/** The graph's raw results read only the packed hours of their windows (migration 0200), rows included. */
let database: Database;
let checkId: string;
let history: PackedHistory;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const [check] = await insertHttpChecks(database, 'graph', ['g']);
  checkId = check?.id ?? '';
  history = await recordPackedHistory(database, checkId);
});
afterAll(() => database.close());

describe('graphRawRows across the pack boundary', () => {
  it('answers the runs of each window, packed or not, and none outside them', async () => {
    const at = (hoursAgo: number, minutes = 0) => new Date(history.hourNow - hoursAgo * HOUR + minutes * 60_000);
    const windows = [
      { from: at(4, 5), to: at(3, 30) },
      { from: at(1, 50), to: new Date(Date.now() + 1000) },
    ];
    const rows = await graphRawRows(database, checkId, windows);
    const expected = history.runs.filter((run) => windows.some((w) => run.time >= w.from && run.time < w.to));
    expect(expected.some((run) => run.time < history.packedBefore)).toBe(true);
    expect(expected.some((run) => run.time >= history.packedBefore)).toBe(true);
    expect(rows.sort((a, b) => a.t - b.t)).toEqual(
      expected.map((run) => ({ t: run.time.getTime(), status: run.status, duration: run.duration })),
    );
    expect(await graphRawRows(database, checkId, [{ from: at(9), to: at(8) }])).toEqual([]);
  });
});
