import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { CheckResult } from '../check-types/check-context.js';
import { checkRunnerFor } from '../runner/check-runner.js';
import { runnableCheck } from '../runner/runnable-checks.repo.js';
import { packResults } from './pack.job.js';
import { recordResultBatch, recordResults } from './results.repo.js';
import { applyRetention } from './retention.job.js';

let t: TestApp;
let target: Server;
let body = '{"status":"ok"}';
let admin: string;
let viewer: string;
const checkIds: Record<string, string> = {};

beforeAll(async () => {
  // Node's HTTP server sends a fresh Date header on every answer: a volatile part of the details.
  target = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(body);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
  t = await createTestApp();
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const res = await apiCall(t.app, 'POST', '/api/canaries', admin, {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'results' },
    spec: {
      schedule: '@every 1m',
      http: ['live', 'a', 'b', 'c'].map((name) => ({ name, url: `${url}/${name}`, responseCodes: [200] })),
    },
  });
  expect(res.status).toBe(201);
  const { rows } = await t.database.pool.query<{ id: string; name: string }>(
    'SELECT id, name FROM checks WHERE canary_id = $1',
    [((await res.json()) as { id: string }).id],
  );
  for (const row of rows) checkIds[row.name] = row.id;
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

const passing = (duration: number, details: Record<string, unknown> = { code: 200 }): CheckResult => ({
  status: 'healthy',
  duration,
  message: `HTTP 200 in ${duration} ms`,
  details,
});

const history = async (checkId: string, token = viewer) => {
  const res = await apiCall(t.app, 'GET', `/api/db/check_statuses?check_id=eq.${checkId}&order=time.asc`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{
    time: string;
    status: boolean;
    duration: number;
    message: string;
    details: Record<string, unknown> | null;
  }>;
};

const stored = async (checkId: string) =>
  (
    await t.database.pool.query<{ time: Date; message: string | null; details: unknown }>(
      `SELECT r.time, r.message, r.details FROM check_results r JOIN checks k ON k.result_key = r.check_key
       WHERE k.id = $1 ORDER BY r.time`,
      [checkId],
    )
  ).rows;

describe('compact results', () => {
  it('a run whose details were not kept still appears in the history with its time, status, duration and message', async () => {
    const live = checkIds.live ?? '';
    const check = await runnableCheck(t.database.db, live);
    if (!check) throw new Error('check missing');
    const runner = checkRunnerFor({ database: t.database, config: loadConfig({}) });
    const runs: CheckResult[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(await runner.run(check, { nextRuntime: null }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Real HTTP answers: only the Date header and the elapsed time differ, so only the first keeps details;
    // the message is stored again by a run that starts a new UTC hour (CI once crossed 01:00 here).
    const kept = await stored(live);
    const hour = (time: Date) => Math.floor(time.getTime() / 3_600_000);
    expect(kept.map((row) => [row.message !== null, row.details !== null])).toEqual(
      kept.map((row, i) => [i === 0 || hour(row.time) !== hour(kept[i - 1]?.time ?? row.time), i === 0]),
    );
    const rows = await history(live);
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      expect(row.status).toBe(true);
      expect(row.duration).toBe(runs[i]?.duration);
      expect(row.message).toBe(runs[i]?.message);
      expect(row.message).toBe(`HTTP 200 in ${row.duration} ms`);
      expect(Number.isNaN(Date.parse(row.time))).toBe(false);
    });
    expect(rows[0]?.details).toMatchObject({ code: 200, content: body });
    expect(rows[1]?.details).toBeNull();
    // The same rows through the modal's filters and the data API's count.
    const filtered = await apiCall(
      t.app,
      'GET',
      `/api/db/check_statuses?check_id=eq.${live}&status=eq.true&duration=gte.0&time=gte.${encodeURIComponent(rows[0]?.time ?? '')}&order=time.desc&limit=2`,
      viewer,
      undefined,
      { prefer: 'count=exact' },
    );
    expect(filtered.headers.get('content-range')).toBe('0-1/3');
    expect(((await filtered.json()) as Array<{ message: string }>).map((row) => row.message)).toEqual([
      rows[2]?.message,
      rows[1]?.message,
    ]);
    // A changed answer keeps its details again.
    body = '{"status":"degraded"}';
    await runner.run(check, { nextRuntime: null });
    expect((await stored(live)).at(-1)?.details).toMatchObject({ content: body });
  });

  it('keeps details of failures and of changed answers, and a message once an hour or when it changes', async () => {
    const a = checkIds.a ?? '';
    // Hours the packer has not reached (a past hour's runs all keep their message, see the pack tests).
    const at = (iso: string) => new Date(iso.replace('2026', '2099'));
    const entries = [
      { time: at('2026-03-01T10:59:00Z'), result: passing(12, { code: 200, headers: { Date: 'x' } }) },
      { time: at('2026-03-01T10:59:30Z'), result: passing(15, { code: 200, headers: { Date: 'y' } }) },
      { time: at('2026-03-01T11:00:00Z'), result: passing(9, { code: 200, headers: { Date: 'z' } }) },
      {
        time: at('2026-03-01T11:00:30Z'),
        result: {
          status: 'unhealthy',
          duration: 30,
          message: 'expected status 503 to be 200..299',
          details: { code: 503 },
        },
      },
      { time: at('2026-03-01T11:01:00Z'), result: passing(11, { code: 200, headers: { Date: 'w' } }) },
      { time: at('2026-03-01T11:01:30Z'), result: passing(13, { code: 201 }) },
    ] as const;
    for (const entry of entries) {
      await recordResults(t.database.db, [{ checkId: a, time: entry.time, result: entry.result, nextRuntime: null }]);
    }
    expect((await stored(a)).map((row) => [row.message, row.details !== null])).toEqual([
      ['HTTP 200 in \u0001', true],
      [null, false],
      ['HTTP 200 in \u0001', false], // a new hour stores the message again
      ['expected status 503 to be 200..299', true],
      ['HTTP 200 in \u0001', true], // the message changed back; the answer differs from the failure's
      [null, true],
    ]);
    expect((await history(a)).map((row) => [row.status, row.duration, row.message])).toEqual(
      entries.map(({ result }) => [result.status === 'healthy', result.duration, result.message]),
    );
  });

  it('stores a batch in one statement with the same rollups as one result at a time, late results included, prepared or not', async () => {
    const b = checkIds.b ?? '';
    const c = checkIds.c ?? '';
    const base = Date.parse('2026-03-02T08:00:00Z');
    const entries = [];
    for (let i = 0; i < 40; i++) {
      for (const checkId of [b, c]) {
        entries.push({
          checkId,
          time: new Date(base + i * 7 * 60_000 + (checkId === c ? 1 : 0)),
          result: i % 9 === 0 ? { ...passing(i * 40), status: 'unhealthy' as const } : passing(i * 40),
          nextRuntime: null,
        });
      }
    }
    await recordResults(t.database.db, entries.slice(0, 50));
    // The runner's writer sends the same statement prepared (on PostgreSQL): run twice, the second time
    // as the connection's prepared statement, it stores the same rows and rollups.
    await recordResultBatch(t.database, entries.slice(50));
    // A late result in an early hour: the later hours' running totals take it too.
    await recordResultBatch(t.database, [
      { checkId: b, time: new Date(base + 30_000), result: passing(5), nextRuntime: null },
    ]);
    for (const checkId of [b, c]) {
      const { rows } = await t.database.pool.query(
        `WITH raw AS (
           SELECT date_trunc('hour', time) AS h, count(*)::int AS total, count(*) FILTER (WHERE status)::int AS passed,
             sum(duration)::bigint AS duration, check_hist_of(check_latency_bucket(duration)) AS hist
           FROM check_statuses WHERE check_id = $1 GROUP BY 1)
         SELECT raw.h, raw.total = r.total AND raw.passed = r.passed AND raw.duration = r.duration
             AND raw.hist = r.latency_hist AS same,
           r.cum_total = sum(raw.total) OVER w AS cum_ok, r.cum_duration = sum(raw.duration) OVER w AS cum_duration_ok,
           r.cum_hist = check_hist_sum(raw.hist) OVER w AS cum_hist_ok
         FROM raw JOIN check_statuses_1h r ON r.check_id = $1 AND r.created_at = raw.h
         WINDOW w AS (ORDER BY raw.h)`,
        [checkId],
      );
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows)
        expect(row).toMatchObject({ same: true, cum_ok: true, cum_duration_ok: true, cum_hist_ok: true });
      const { rows: days } = await t.database.pool.query(
        `SELECT d.total = (SELECT count(*) FROM check_statuses WHERE check_id = $1) AS same
         FROM check_statuses_1d d WHERE d.check_id = $1`,
        [checkId],
      );
      expect(days).toEqual([{ same: true }]);
    }
    // Several runs of one check in a batch (an import) each keep their message.
    const messages = (await history(b)).map((row) => [row.message, `HTTP 200 in ${row.duration} ms`]);
    expect(messages.every(([shown, own]) => shown === own)).toBe(true);
    // The newest result wins the check's status, whatever order the batch came in.
    const { rows: status } = await t.database.pool.query('SELECT last_runtime FROM checks WHERE id = $1', [b]);
    expect(status[0].last_runtime.toISOString()).toBe(new Date(base + 39 * 7 * 60_000).toISOString());
  });

  it('keeps room on the checks pages for the next version of a row, so a stored result updates its check HOT (0236)', async () => {
    const { rows } = await t.database.pool.query<{ reloptions: string[] | null }>(
      `SELECT reloptions FROM pg_class WHERE oid = 'checks'::regclass`,
    );
    expect(rows[0]?.reloptions).toContain('fillfactor=70');
  });

  it('writes through the view keep every message as given, and a deleted row hands its message on', async () => {
    const c = checkIds.c ?? '';
    await t.database.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, message) VALUES
         ($1, '2026-03-05T00:00:00Z', true, 7, 'took 7 ms, then 7 ms'),
         ($1, '2026-03-05T00:00:01Z', true, NULL, 'no duration 5 ms'),
         ($1, '2026-03-05T00:00:02Z', false, 3, 'odd ' || chr(1) || ' byte 3 ms'),
         ($1, '2026-03-05T00:00:03Z', true, 4, NULL)`,
      [c],
    );
    const { rows } = await t.database.pool.query(
      `SELECT message FROM check_statuses WHERE check_id = $1 AND time >= '2026-03-05' ORDER BY time`,
      [c],
    );
    expect(rows.map((row) => row.message)).toEqual([
      'took 7 ms, then 7 ms',
      'no duration 5 ms',
      'odd \u2401 byte 3 ms',
      null,
    ]);
    // The writer stores a repeated message once: the next two rows show the first one's, with their durations.
    await recordResults(t.database.db, [
      { checkId: c, time: new Date('2026-03-05T00:00:04Z'), result: passing(8), nextRuntime: null },
      { checkId: c, time: new Date('2026-03-05T00:00:05Z'), result: passing(9), nextRuntime: null },
    ]);
    await recordResults(t.database.db, [
      { checkId: c, time: new Date('2026-03-05T00:00:06Z'), result: passing(10), nextRuntime: null },
    ]);
    await t.database.pool.query(`DELETE FROM check_statuses WHERE check_id = $1 AND time = '2026-03-05T00:00:04Z'`, [
      c,
    ]);
    const { rows: after } = await t.database.pool.query(
      `SELECT duration, message FROM check_statuses WHERE check_id = $1 AND time > '2026-03-05T00:00:03Z' ORDER BY time`,
      [c],
    );
    expect(after).toEqual([
      { duration: 9, message: 'HTTP 200 in 9 ms' },
      { duration: 10, message: 'HTTP 200 in 10 ms' },
    ]);
    await expect(
      t.database.pool.query(
        `INSERT INTO check_statuses (check_id, time, status) VALUES ('00000000-0000-0000-0000-000000000009', now(), true)`,
      ),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('embeds both ways through the data API, as when check_statuses was a table', async () => {
    const live = checkIds.live ?? '';
    const down = await apiCall(
      t.app,
      'GET',
      `/api/db/checks?select=name,check_statuses(duration,message)&id=eq.${live}`,
      viewer,
    );
    expect(down.status).toBe(200);
    const [check] = (await down.json()) as Array<{ name: string; check_statuses: Array<{ message: string }> }>;
    expect(check?.check_statuses.length).toBeGreaterThan(2);
    expect(check?.check_statuses[1]?.message).toMatch(/^HTTP 200 in \d+ ms$/);
    const up = await apiCall(
      t.app,
      'GET',
      `/api/db/check_statuses?select=time,checks(name)&check_id=eq.${live}&limit=1`,
      viewer,
    );
    expect(up.status).toBe(200);
    expect(((await up.json()) as Array<{ checks: { name: string } }>)[0]?.checks).toEqual({ name: 'live' });
  });

  it('retention deletes whole hours, so a kept row never loses the message it shows', async () => {
    const b = checkIds.b ?? '';
    await t.database.pool.query("INSERT INTO properties (name, value) VALUES ('check.status.retention.days', '1')");
    const { rows } = await t.database.pool.query<{ cut: Date }>(
      "SELECT date_trunc('hour', now() - interval '1 day') AS cut",
    );
    const cut = rows[0]?.cut.getTime() ?? 0;
    const minutes = [-20, -10, 10, 20];
    // One run at a time, as the runner stores them (a batch holds each check once).
    for (const [i, m] of minutes.entries()) {
      await recordResults(t.database.db, [
        { checkId: b, time: new Date(cut + m * 60_000), result: passing(20 + i), nextRuntime: null },
      ]);
    }
    // Runs of hours the packer may already have taken keep their message (migration 0200).
    expect((await stored(b)).slice(-4).map((row) => row.message !== null)).toEqual([true, true, true, true]);
    await applyRetention(t.database);
    const left = await history(b);
    expect(left.map((row) => [Date.parse(row.time) - cut, row.message])).toEqual([
      [10 * 60_000, 'HTTP 200 in 22 ms'],
      [20 * 60_000, 'HTTP 200 in 23 ms'],
    ]);
  });

  it('answers the history only to callers who may read it', async () => {
    const res = await apiCall(t.app, 'GET', `/api/db/check_statuses?check_id=eq.${checkIds.live}`, null);
    expect(res.status).toBe(401);
  });
});

describe('packed results (migration 0200)', () => {
  const HOUR = 3_600_000;
  const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
  type Row = { time: string; status: boolean | null; invalid: boolean | null; duration: number | null };
  const full = async (checkId: string, query = '') => {
    const res = await apiCall(
      t.app,
      'GET',
      `/api/db/check_statuses?select=time,status,invalid,duration,message,error,details&check_id=eq.${checkId}&order=time.desc${query}`,
      viewer,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Array<Row & { message: string | null; error: string | null; details: unknown }>;
  };
  let p = '';

  beforeAll(async () => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name) SELECT canary_id, 'http', 'packed' FROM checks WHERE id = $1
       RETURNING id`,
      [checkIds.live],
    );
    p = rows[0]?.id ?? '';
    // Three past hours and the current one: passing runs every 20 s with varying latency, a failure with
    // its error and details every 7th run, a changed message now and then, as the runner stores them.
    for (let h = 3; h >= 0; h--) {
      const entries = [];
      for (let i = 0; i < 30; i++) {
        const time = new Date(hourNow - h * HOUR + i * 20_000 + (i % 3));
        if (time.getTime() > Date.now()) break;
        const failed = i % 7 === 3;
        const result: CheckResult = failed
          ? {
              status: 'unhealthy',
              duration: 900 + i,
              message: 'expected 200, got 503',
              error: 'HTTP 503',
              details: { code: 503, i },
            }
          : passing(10 + ((i * 37) % 90), i % 10 === 0 ? { code: 200, v: i } : { code: 200 });
        entries.push({ checkId: p, time, result, nextRuntime: null });
      }
      for (const entry of entries) await recordResults(t.database.db, [entry]);
    }
    // A run written through the view with microseconds and no message, and an invalid one.
    await t.database.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message) VALUES
         ($1, $2::timestamptz + interval '1234.567 ms', NULL, true, NULL, NULL)`,
      [p, new Date(hourNow - 2 * HOUR + 25 * 60_000).toISOString()],
    );
  });

  it('every run still appears with its time, status, duration, message, error and details across the pack boundary', async () => {
    const before = await full(p);
    const filtered = await full(p, '&status=eq.true&duration=gte.40&limit=50');
    const windowed = await full(
      p,
      `&time=gte.${new Date(hourNow - 2 * HOUR - 1).toISOString()}&time=lt.${new Date(hourNow - HOUR + 5 * 60_000).toISOString()}`,
    );
    expect(before.length).toBeGreaterThan(90);
    expect(await packResults(t.database, { before: new Date(hourNow) })).toBeGreaterThanOrEqual(3);
    const { rows } = await t.database.pool.query(
      `SELECT (SELECT count(*)::int FROM check_result_blocks WHERE check_id = $1) AS blocks,
         (SELECT count(*)::int FROM check_results r JOIN checks k ON k.result_key = r.check_key WHERE k.id = $1
           AND r.time < $2) AS rows_left`,
      [p, new Date(hourNow).toISOString()],
    );
    expect(rows[0]).toEqual({ blocks: 3, rows_left: 0 });
    expect(await full(p)).toEqual(before);
    expect(await full(p, '&status=eq.true&duration=gte.40&limit=50')).toEqual(filtered);
    expect(
      await full(
        p,
        `&time=gte.${new Date(hourNow - 2 * HOUR - 1).toISOString()}&time=lt.${new Date(hourNow - HOUR + 5 * 60_000).toISOString()}`,
      ),
    ).toEqual(windowed);
    const odd = before.find((row) => row.invalid);
    expect(odd).toMatchObject({ status: null, duration: null, message: null });
    expect(odd?.time).toMatch(/\.234567/);
    // The count and the same rows oldest first.
    const asc = await apiCall(
      t.app,
      'GET',
      `/api/db/check_statuses?select=time&check_id=eq.${p}&order=time.asc`,
      viewer,
      undefined,
      {
        prefer: 'count=exact',
      },
    );
    expect(asc.headers.get('content-range')).toBe(`0-${before.length - 1}/${before.length}`);
    expect(((await asc.json()) as Row[]).map((row) => row.time)).toEqual(before.map((row) => row.time).reverse());
  });

  it('a late run of a packed hour shows at once and joins its block at the next pack; a repeated one counts once', async () => {
    const late = new Date(hourNow - 3 * HOUR + 45 * 60_000);
    const rerun = new Date(hourNow - 3 * HOUR + 40_000 + 2); // stored and packed already
    await recordResults(t.database.db, [
      { checkId: p, time: late, result: passing(33), nextRuntime: null },
      { checkId: p, time: rerun, result: passing(99), nextRuntime: null },
    ]);
    const shown = await full(p, `&time=eq.${late.toISOString()}`);
    expect(shown.map((row) => [row.duration, row.message])).toEqual([[33, 'HTTP 200 in 33 ms']]);
    expect((await full(p, `&time=eq.${rerun.toISOString()}`)).map((row) => row.duration)).not.toContain(99);
    const before = await full(p);
    await packResults(t.database, { before: new Date(hourNow) });
    expect(await full(p)).toEqual(before);
    const { rows } = await t.database.pool.query(
      'SELECT sum(runs)::int AS runs FROM check_result_blocks WHERE check_id = $1 AND hour = $2',
      [p, new Date(hourNow - 3 * HOUR).toISOString()],
    );
    expect(rows[0]?.runs).toBe(before.filter((row) => Date.parse(row.time) < hourNow - 2 * HOUR).length);
    // The hourly rollup counted the late run once and the repeated one not again.
    const { rows: hourly } = await t.database.pool.query(
      `SELECT total FROM check_statuses_1h WHERE check_id = $1 AND created_at = $2`,
      [p, new Date(hourNow - 3 * HOUR).toISOString()],
    );
    expect(hourly[0]?.total).toBe(rows[0]?.runs);
  });

  it('deleting a packed run through the view rewrites its block; no internal encoding shows through /api/db/checks', async () => {
    const [victim, next] = (await full(p, `&time=lt.${new Date(hourNow - 2 * HOUR).toISOString()}`))
      .slice(-2)
      .reverse();
    await t.database.pool.query('DELETE FROM check_statuses WHERE check_id = $1 AND time = $2', [p, victim?.time]);
    const after = await full(p, `&time=lt.${new Date(hourNow - 2 * HOUR).toISOString()}`);
    expect(after.map((row) => row.time)).not.toContain(victim?.time);
    expect(after.at(-1)).toEqual(next);
    const res = await apiCall(t.app, 'GET', `/api/db/checks?id=eq.${p}`, viewer);
    const text = await res.text();
    expect(text).not.toMatch(/\\u000[12]|last_message|result_key|details_hash/);
    const star = await apiCall(t.app, 'GET', `/api/db/check_statuses?check_id=eq.${p}&limit=1`, viewer);
    expect(Object.keys(((await star.json()) as object[])[0] ?? {})).not.toContain('time_block');
  });

  it('retention removes whole packed hours past the property and leaves the rest whole', async () => {
    await t.database.pool.query(
      "INSERT INTO properties (name, value) VALUES ('check.status.retention.days', '1') ON CONFLICT (name) DO UPDATE SET value = '1'",
    );
    for (const ago of [27, 26, 22]) {
      await recordResults(
        t.database.db,
        [0, 1, 2].map((i) => ({
          checkId: p,
          time: new Date(hourNow - ago * HOUR + i * 60_000),
          result: passing(ago + i),
          nextRuntime: null,
        })),
      );
    }
    await packResults(t.database, { before: new Date(hourNow) });
    const all = await full(p);
    const cut = Math.floor((Date.now() - 86_400_000) / HOUR) * HOUR;
    const deleted = await applyRetention(t.database);
    const kept = all.filter((row) => Date.parse(row.time) >= cut);
    expect(kept.length).toBe(all.length - 6);
    expect(await full(p)).toEqual(kept);
    expect(deleted.check_statuses).toBeGreaterThanOrEqual(6);
  });
});
