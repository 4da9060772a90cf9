import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../check-types/check-context.js';
import { recordResultBatch, recordResults } from './results.repo.js';

/**
 * The rollup trigger on check_results (migrations 0238 and 0241): every case it takes apart — the runner's
 * one run per check and hour (an hour or day already there: 0241's short path; a new hour, a new day), failed
 * runs, runs without status or duration, several runs of a check in one batch, a late run, an hour whose day
 * row is gone, a row whose histograms predate 0040 — leaves the hourly and daily rows equal to the runs
 * themselves.
 */
let database: Database;
let canaryId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.pool.query<{ id: string }>(
    "INSERT INTO canaries (name) VALUES ('rollups') RETURNING id",
  );
  canaryId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await database.close();
});

async function newCheck(name: string): Promise<string> {
  const { rows } = await database.pool.query<{ id: string }>(
    "INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', $2) RETURNING id",
    [canaryId, name],
  );
  return rows[0]?.id ?? '';
}

const run = (status: 'healthy' | 'unhealthy', duration: number): CheckResult => ({
  status,
  duration,
  message: `${status} in ${duration} ms`,
  details: {},
});

/** One batch as the runner's writer sends it (prepared on PostgreSQL). */
async function batch(time: string, runs: [checkId: string, result: CheckResult][]): Promise<void> {
  await recordResultBatch(
    database,
    runs.map(([checkId, result], i) => ({ checkId, time: new Date(Date.parse(time) + i), result, nextRuntime: null })),
  );
}

/** The check's hourly and daily rows beside the same figures counted from its runs (their equality per column). */
async function rollupsAgainstRuns(checkId: string) {
  const { rows: hours } = await database.pool.query(
    `WITH raw AS (
       SELECT date_trunc('hour', time) AS h, count(*)::int AS total, count(*) FILTER (WHERE status)::int AS passed,
         count(*) FILTER (WHERE status IS NOT TRUE)::int AS failed, sum(duration)::bigint AS duration,
         check_hist_of(check_latency_bucket(duration)) AS hist
       FROM check_statuses WHERE check_id = $1 GROUP BY 1)
     SELECT raw.h, (raw.total, raw.passed, raw.failed, raw.duration, raw.hist)
         = (r.total, r.passed, r.failed, r.duration, r.latency_hist) AS hour,
       (r.cum_total, r.cum_passed, r.cum_failed, r.cum_duration)
         = (sum(raw.total) OVER w, sum(raw.passed) OVER w, sum(raw.failed) OVER w, sum(raw.duration) OVER w) AS cum,
       r.cum_hist = check_hist_sum(raw.hist) OVER w AS cum_hist
     FROM raw FULL JOIN (SELECT * FROM check_statuses_1h WHERE check_id = $1) r ON r.created_at = raw.h
     WINDOW w AS (ORDER BY raw.h) ORDER BY raw.h`,
    [checkId],
  );
  const { rows: days } = await database.pool.query(
    `WITH raw AS (
       SELECT date_trunc('day', time) AS d, count(*)::int AS total, count(*) FILTER (WHERE status)::int AS passed,
         count(*) FILTER (WHERE status IS NOT TRUE)::int AS failed, sum(duration)::bigint AS duration,
         check_hist_of(check_latency_bucket(duration)) AS hist
       FROM check_statuses WHERE check_id = $1 GROUP BY 1)
     SELECT (raw.total, raw.passed, raw.failed, raw.duration, raw.hist)
         = (r.total, r.passed, r.failed, r.duration, r.latency_hist) AS day
     FROM raw FULL JOIN (SELECT * FROM check_statuses_1d WHERE check_id = $1) r ON r.created_at = raw.d ORDER BY raw.d`,
    [checkId],
  );
  return { hours: hours.map(({ hour, cum, cum_hist }) => ({ hour, cum, cum_hist })), days };
}

const same = (hours: number, days: number) => ({
  hours: Array.from({ length: hours }, () => ({ hour: true, cum: true, cum_hist: true })),
  days: Array.from({ length: days }, () => ({ day: true })),
});

describe('rollups of stored runs (0238, 0241)', () => {
  it("folds the runner's batches (one run per check) into a first hour, an hour already there, a new hour and a new day", async () => {
    const [a, b] = [await newCheck('one-a'), await newCheck('one-b')];
    await batch('2026-03-01T23:10:00Z', [
      [a, run('healthy', 12)],
      [b, run('unhealthy', 300)],
    ]);
    expect(await rollupsAgainstRuns(a)).toEqual(same(1, 1));
    const first = await database.pool.query(
      'SELECT total, passed, failed, duration::int, latency_hist, cum_hist FROM check_statuses_1h WHERE check_id = $1',
      [b],
    );
    const bucket = Array.from({ length: 40 }, (_, i) => (i === 20 ? 1 : 0)); // 300 ms: bucket 21 (1 + ⌈ln 300 / ln 1.35⌉)
    expect(first.rows).toEqual([
      { total: 1, passed: 0, failed: 1, duration: 300, latency_hist: bucket, cum_hist: bucket },
    ]);
    // The same hour and day again, a 0 ms run (the first bucket), then the next hour on the next day.
    await batch('2026-03-01T23:10:30Z', [
      [a, run('healthy', 0)],
      [b, run('unhealthy', 300)],
    ]);
    await batch('2026-03-01T23:59:59Z', [
      [a, run('unhealthy', 40_000)],
      [b, run('healthy', 3)],
    ]);
    await batch('2026-03-02T00:00:30Z', [
      [a, run('healthy', 25)],
      [b, run('healthy', 25)],
    ]);
    await batch('2026-03-02T00:01:00Z', [[a, run('healthy', 26)]]);
    for (const check of [a, b]) expect(await rollupsAgainstRuns(check)).toEqual(same(2, 2));
    // A late run of the first hour: the later hour's running totals take it too.
    await batch('2026-03-01T23:30:00Z', [[b, run('unhealthy', 7)]]);
    expect(await rollupsAgainstRuns(b)).toEqual(same(2, 2));
    const cum = await database.pool.query(
      'SELECT cum_total, cum_failed FROM check_statuses_1h WHERE check_id = $1 ORDER BY created_at',
      [b],
    );
    expect(cum.rows).toEqual([
      { cum_total: 4, cum_failed: 3 },
      { cum_total: 5, cum_failed: 3 },
    ]);
  });

  it('folds several runs of a check in one batch beside single runs, in an existing hour and in new ones', async () => {
    const [a, b] = [await newCheck('many-a'), await newCheck('many-b')];
    await batch('2026-03-03T10:00:00Z', [
      [a, run('healthy', 5)],
      [b, run('healthy', 5)],
    ]);
    await recordResults(database.db, [
      ...[1, 2, 3].map((i) => ({
        checkId: a,
        time: new Date(`2026-03-03T10:0${i}:00Z`),
        result: run(i === 2 ? 'unhealthy' : 'healthy', i * 100),
        nextRuntime: null,
      })),
      ...[1, 2].map((i) => ({
        checkId: a,
        time: new Date(`2026-03-03T11:0${i}:00Z`),
        result: run('healthy', i * 1000),
        nextRuntime: null,
      })),
      { checkId: b, time: new Date('2026-03-03T10:05:00Z'), result: run('unhealthy', 50), nextRuntime: null },
    ]);
    expect(await rollupsAgainstRuns(a)).toEqual(same(2, 1));
    expect(await rollupsAgainstRuns(b)).toEqual(same(1, 1));
  });

  it('counts a run without status or duration in an hour already there as failed, in the first bucket', async () => {
    const a = await newCheck('bare');
    const { rows } = await database.pool.query<{ key: number }>('SELECT result_key AS key FROM checks WHERE id = $1', [
      a,
    ]);
    await batch('2026-03-05T09:00:00Z', [[a, run('healthy', 30)]]);
    // As the data API or an import may store it: no status, no duration.
    await database.pool.query(
      "INSERT INTO check_results (time, check_key, duration, status) VALUES ('2026-03-05T09:00:30Z', $1, NULL, NULL)",
      [rows[0]?.key],
    );
    expect(await rollupsAgainstRuns(a)).toEqual(same(1, 1));
    const hour = await database.pool.query(
      'SELECT total, passed, failed, duration::int, latency_hist[1] AS first FROM check_statuses_1h WHERE check_id = $1',
      [a],
    );
    expect(hour.rows).toEqual([{ total: 2, passed: 1, failed: 1, duration: 30, first: 1 }]);
  });

  it('adds a day row again for an hour already there whose day row is gone', async () => {
    const a = await newCheck('no-day');
    await batch('2026-03-06T09:00:00Z', [[a, run('healthy', 30)]]);
    await database.pool.query('DELETE FROM check_statuses_1d WHERE check_id = $1', [a]);
    await batch('2026-03-06T09:00:30Z', [[a, run('healthy', 30)]]);
    const { rows } = await database.pool.query(
      'SELECT (SELECT total FROM check_statuses_1h WHERE check_id = $1) AS hour, (SELECT total FROM check_statuses_1d WHERE check_id = $1) AS day',
      [a],
    );
    expect(rows).toEqual([{ hour: 2, day: 1 }]);
  });

  it('adds a run to an hour and a day whose histograms are empty (rows from before 0040) as a histogram of one', async () => {
    const a = await newCheck('empty-hist');
    await database.pool.query(
      `INSERT INTO check_statuses_1h (check_id, created_at, total, passed, failed, duration, cum_total, cum_passed, cum_failed, cum_duration)
       VALUES ($1, '2026-03-04T08:00:00Z', 2, 1, 1, 40, 2, 1, 1, 40)`,
      [a],
    );
    await database.pool.query(
      `INSERT INTO check_statuses_1d (check_id, created_at, total, passed, failed, duration)
       VALUES ($1, date_trunc('day', '2026-03-04T08:00:00Z'::timestamptz), 2, 1, 1, 40)`,
      [a],
    );
    await batch('2026-03-04T08:20:00Z', [[a, run('healthy', 2)]]);
    const bucket = Array.from({ length: 40 }, (_, i) => (i === 3 ? 1 : 0)); // 2 ms: bucket 4
    const { rows: hours } = await database.pool.query(
      'SELECT total, passed, failed, duration::int, latency_hist, cum_total, cum_duration::int, cum_hist FROM check_statuses_1h WHERE check_id = $1',
      [a],
    );
    expect(hours).toEqual([
      {
        total: 3,
        passed: 2,
        failed: 1,
        duration: 42,
        latency_hist: bucket,
        cum_total: 3,
        cum_duration: 42,
        cum_hist: bucket,
      },
    ]);
    const { rows: days } = await database.pool.query(
      'SELECT total, duration::int, latency_hist FROM check_statuses_1d WHERE check_id = $1',
      [a],
    );
    expect(days).toEqual([{ total: 3, duration: 42, latency_hist: bucket }]);
  });
});
