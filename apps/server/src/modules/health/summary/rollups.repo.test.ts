import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyHistogram, latencyBucket } from './latency-histogram.js';
import { rangeStats, recentRangeStats } from './rollups.repo.js';
import { splitWindow } from './time-range.js';

let database: Database;
const checkIds: string[] = [];
const HOUR = 3_600_000;
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 7 * 60_000);
interface Sample {
  checkId: string;
  time: Date;
  status: boolean;
  duration: number;
}
const samples: Sample[] = [];

async function insert(batch: Sample[]) {
  for (const s of batch) {
    await database.pool.query('INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, $2, $3, $4)', [
      s.checkId,
      s.time.toISOString(),
      s.status,
      s.duration,
    ]);
    samples.push(s);
  }
}

/** The exact answer from the samples themselves. */
function exact(from: Date, to: Date) {
  const out = new Map<string, { passed: number; failed: number; hist: number[] }>();
  for (const s of samples) {
    if (s.time < from || s.time >= to) continue;
    const e = out.get(s.checkId) ?? { passed: 0, failed: 0, hist: emptyHistogram() };
    if (s.status) e.passed++;
    else e.failed++;
    const b = latencyBucket(s.duration) - 1;
    e.hist[b] = (e.hist[b] ?? 0) + 1;
    out.set(s.checkId, e);
  }
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.pool.query<{ id: string }>(
    "INSERT INTO canaries (name, spec) VALUES ('rollups', '{}') RETURNING id",
  );
  for (const name of ['a', 'b', 'quiet']) {
    const check = await database.pool.query<{ id: string }>(
      "INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', $2) RETURNING id",
      [rows[0]?.id, name],
    );
    checkIds.push(check.rows[0]?.id ?? '');
  }
  // Two checks over 30 hours (a gap of several hours in one), every 20 minutes, in time order...
  let seed = 7;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const batch: Sample[] = [];
  for (let t = now.getTime() - 30 * HOUR; t < now.getTime(); t += 20 * 60_000) {
    for (const [i, checkId] of checkIds.slice(0, 2).entries()) {
      if (i === 1 && t > now.getTime() - 20 * HOUR && t < now.getTime() - 14 * HOUR) continue;
      batch.push({
        checkId,
        time: new Date(t + i * 61_000),
        status: random() > 0.1,
        duration: Math.round(5 + random() * (random() < 0.1 ? 4000 : 80)),
      });
    }
  }
  await insert(batch);
  // ...then late results into past hours, including one that had none (the gap).
  await insert([
    { checkId: checkIds[1] ?? '', time: new Date(now.getTime() - 17 * HOUR), status: false, duration: 900 },
    { checkId: checkIds[0] ?? '', time: new Date(now.getTime() - 25 * HOUR + 7_000), status: true, duration: 3 },
    { checkId: checkIds[0] ?? '', time: new Date(now.getTime() - 2 * HOUR + 9_000), status: false, duration: 12_000 },
  ]);
});

afterAll(async () => {
  await database.close();
});

describe('cumulative hourly rollups', () => {
  it.each([
    ['24 h ending now', 24 * HOUR, 0],
    ['30 h ending now', 30 * HOUR, 0],
    ['6 h ending 3 h ago', 6 * HOUR, 3 * HOUR],
    ['90 min across the gap', 1.5 * HOUR, 16 * HOUR],
    ['2 h 13 min ending 41 min ago', 2 * HOUR + 13 * 60_000, 41 * 60_000],
  ])('%s: counts and histograms equal the raw samples exactly', async (_label, width, endAgo) => {
    const to = new Date(now.getTime() - endAgo);
    const from = new Date(to.getTime() - width);
    const want = exact(from, to);
    const { stats } = await recentRangeStats(database, { from, to }, checkIds, now);
    for (const id of checkIds) {
      const got = stats.get(id);
      const expected = want.get(id);
      expect(got ?? null, id).toEqual(expected ?? null);
    }
    // The non-cumulative path agrees too.
    const classic = await rangeStats(database, splitWindow({ from, to }), checkIds);
    for (const id of want.keys()) expect(classic.get(id)).toEqual(want.get(id));
  });

  it.each([
    ['early in its hour (start edge subtracted)', 10],
    ['late in its hour (start edge added)', 50],
  ])('a window starting %s is exact', async (_label, minute) => {
    const from = new Date(Math.floor((now.getTime() - 20 * HOUR) / HOUR) * HOUR + minute * 60_000 + 17_000);
    const to = new Date(now.getTime() - 3 * 60_000);
    const want = exact(from, to);
    const { stats } = await recentRangeStats(database, { from, to }, checkIds, now);
    for (const id of checkIds) expect(stats.get(id) ?? null, id).toEqual(want.get(id) ?? null);
  });

  it('rolling1h is the mean duration of about the last hour', async () => {
    const { rolling } = await recentRangeStats(
      database,
      { from: new Date(now.getTime() - 24 * HOUR), to: now },
      checkIds,
      now,
    );
    const lastHour = samples.filter((s) => s.checkId === checkIds[0] && s.time.getTime() >= now.getTime() - HOUR);
    const mean = lastHour.reduce((sum, s) => sum + s.duration, 0) / lastHour.length;
    // The part before the current hour is the previous hour's mean, prorated.
    const previous = samples.filter(
      (s) =>
        s.checkId === checkIds[0] &&
        s.time.getTime() >= Math.floor(now.getTime() / HOUR) * HOUR - HOUR &&
        s.time.getTime() < Math.floor(now.getTime() / HOUR) * HOUR,
    );
    const bound = Math.max(...[...lastHour, ...previous].map((s) => s.duration));
    const value = rolling.get(checkIds[0] ?? '') ?? -1;
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThanOrEqual(bound);
    expect(Number.isFinite(mean)).toBe(true);
    expect(rolling.has(checkIds[2] ?? '')).toBe(false);
  });
});
