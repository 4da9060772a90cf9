import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertHttpChecks,
  type PackedHistory,
  recordPackedHistory,
  type StoredRun,
} from '../testing/packed-history.js';
import { recentWindowCounts, runsInside } from './hourly-series.repo.js';

/**
 * The raw counts behind burn-rate alerts and maintenance exclusions read only the packed hours of their
 * windows and spans (migration 0200): the same counts as the runs themselves give, across the pack boundary.
 */
let database: Database;
const ids: string[] = [];
const histories: PackedHistory[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [i, row] of (await insertHttpChecks(database, 'series', ['a', 'b'])).entries()) {
    ids.push(row.id);
    histories.push(await recordPackedHistory(database, row.id, { fails: (n) => n % (3 + i) === 1 }));
  }
});
afterAll(() => database.close());

const allRuns = () => histories.flatMap((history) => history.runs);
const count = (runs: StoredRun[], good: (run: StoredRun) => boolean) => ({
  good: runs.filter(good).length,
  bad: runs.filter((run) => !good(run)).length,
});

describe('raw counts across the pack boundary', () => {
  it('recentWindowCounts counts the runs of each window ending now, packed or not, maintenance left out', async () => {
    const now = new Date(Date.now() + 1000);
    const minutes = [30, 150, 330];
    const excluded = [{ start: new Date(now.getTime() - 200 * 60_000), end: new Date(now.getTime() - 170 * 60_000) }];
    const inside = (m: number) =>
      allRuns().filter(
        (run) =>
          run.time.getTime() >= now.getTime() - m * 60_000 &&
          run.time <= now &&
          !excluded.some((x) => run.time >= x.start && run.time < x.end),
      );
    expect(inside(330).some((run) => run.time < (histories[0]?.packedBefore ?? now))).toBe(true);
    expect(await recentWindowCounts(database, ids, minutes, now, excluded)).toEqual(
      minutes.map((m) => ({ minutes: m, ...count(inside(m), (run) => run.status) })),
    );
    expect(await recentWindowCounts(database, ids, [330], now, excluded, 10)).toEqual([
      { minutes: 330, ...count(inside(330), (run) => run.duration <= 10) },
    ]);
  });

  it('runsInside counts the runs inside each span by hour, and the oldest run comes from the oldest block', async () => {
    const hourNow = histories[0]?.hourNow ?? 0;
    const spans = [
      { start: new Date(hourNow - 4 * HOUR + 5 * 60_000), end: new Date(hourNow - 3 * HOUR + 15 * 60_000) },
      { start: new Date(hourNow - 90 * 60_000), end: new Date(Date.now() + 1000) },
    ];
    const answer = await runsInside(database, ids, spans);
    const expected = new Map<number, { good: number; bad: number }>();
    for (const run of allRuns()) {
      if (!spans.some((s) => run.time >= s.start && run.time < s.end)) continue;
      const hour = Math.floor(run.time.getTime() / HOUR) * HOUR;
      const e = expected.get(hour) ?? { good: 0, bad: 0 };
      if (run.status) e.good++;
      else e.bad++;
      expected.set(hour, e);
    }
    expect(answer.byHour).toEqual(expected);
    const oldest = Math.min(...allRuns().map((run) => run.time.getTime()));
    expect(answer.rawSince).toBe(oldest);
    expect((await runsInside(database, [ids[1] ?? ''], [])).rawSince).toBe(histories[1]?.runs[0]?.time.getTime());
  });
});
