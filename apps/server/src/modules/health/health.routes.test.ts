import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from './results/retention.job.js';
import { runCanaryJob } from './runner/run-canary.job.js';
import { graphBucketWidth } from './summary/graph.service.js';
import { histogramQuantile, latencyBucket } from './summary/latency-histogram.js';
import { createHealthTestApp, type HealthTestApp } from './testing/health-test-app.js';

let t: HealthTestApp;
let target: Server;
let targetUrl: string;
let healthyOk = true;
const people: Record<string, string> = {};
let canaryId: string;
let checkId: string;

beforeAll(async () => {
  target = createServer((_req, res) => {
    res.statusCode = healthyOk ? 200 : 503;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
  t = await createHealthTestApp();
  for (const role of ['admin', 'editor', 'responder', 'commander', 'viewer', 'guest'])
    people[role] = await t.person([role]);
  const res = await t.call(people.admin ?? '', 'POST', '/api/canaries', {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'runtime', labels: { env: 'test' } },
    spec: { schedule: '@every 1m', http: [{ name: 'site', endpoint: `${targetUrl}/`, responseCodes: [200] }] },
  });
  canaryId = (await res.json()).id;
  const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [canaryId]);
  checkId = rows[0].id;
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

const statusOf = async () =>
  (
    await t.database.pool.query(
      'SELECT status, last_runtime, last_transition_time, next_runtime FROM checks WHERE id = $1',
      [checkId],
    )
  ).rows[0];

describe('Run Now and results', () => {
  it.each(['admin', 'editor', 'responder', 'commander'])('%s may run a check now', async (role) => {
    const res = await t.call(people[role] ?? '', 'POST', `/api/canary/run/check/${checkId}`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('healthy');
  });

  it.each(['viewer', 'guest'])('%s may not (403), anonymous 401, bad and unknown ids 400/404', async (role) => {
    expect((await t.call(people[role] ?? '', 'POST', `/api/canary/run/check/${checkId}`)).status).toBe(403);
    expect((await t.call(null, 'POST', `/api/canary/run/check/${checkId}`)).status).toBe(401);
    expect((await t.call(people.admin ?? '', 'POST', '/api/canary/run/check/nope')).status).toBe(400);
    const missing = '00000000-0000-0000-0000-000000000001';
    expect((await t.call(people.admin ?? '', 'POST', `/api/canary/run/check/${missing}`)).status).toBe(404);
  });

  it('stores a check_statuses row per run, keeps the rollups and stamps transitions only on a flip', async () => {
    const { rows: raw } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
      [checkId],
    );
    expect(raw[0].n).toBe(4);
    const { rows: hourly } = await t.database.pool.query(
      'SELECT sum(total)::int AS total, sum(passed)::int AS passed FROM check_statuses_1h WHERE check_id = $1',
      [checkId],
    );
    expect(hourly[0]).toEqual({ total: 4, passed: 4 });
    const first = await statusOf();
    expect(first.status).toBe('healthy');
    await t.call(people.admin ?? '', 'POST', `/api/canary/run/check/${checkId}`);
    expect((await statusOf()).last_transition_time).toEqual(first.last_transition_time);
    healthyOk = false;
    const res = await t.call(people.admin ?? '', 'POST', `/api/canary/run/check/${checkId}`);
    expect((await res.json()).status).toBe('unhealthy');
    const flipped = await statusOf();
    expect(flipped.status).toBe('unhealthy');
    expect(flipped.last_transition_time.getTime()).toBeGreaterThan(first.last_transition_time?.getTime() ?? 0);
    healthyOk = true;
    await t.call(people.admin ?? '', 'POST', `/api/canary/run/check/${checkId}`);
    const { rows: events } = await t.database.pool.query(
      "SELECT name FROM event_queue WHERE properties->>'id' = $1 ORDER BY created_at, name",
      [checkId],
    );
    expect(events.map((e) => e.name)).toEqual(['check.failed', 'check.passed']);
  });

  it('the canary job runs its checks and sets next_runtime from the schedule', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses')).rows[0].n;
    const result = await runCanaryJob.handler({
      payload: { canaryId },
      signal: new AbortController().signal,
      job: { id: 'test', name: 'run_canary', attempt: 1, maxAttempts: 1 },
      deps: {
        config: {} as never,
        database: t.database,
        logger: { debug() {}, info() {}, warn() {}, error() {} } as never,
      },
    });
    expect(result).toMatchObject({ successCount: 1, errorCount: 0 });
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses')).rows[0].n).toBe(before + 1);
    expect((await statusOf()).next_runtime).not.toBeNull();
  });
});

describe('summary, graph and about', () => {
  it('summary fills uptime and p95/p97/p99/rolling1h for the asked window and labels', async () => {
    const res = await t.call(people.viewer ?? '', 'POST', '/api/canary/api/summary', {
      start: '1h',
      labels: { env: 'test' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.checks_summary).toHaveLength(1);
    const [check] = body.checks_summary;
    expect(check.canary_name).toBe('runtime');
    // the labels typed on the canary reach the dashboard's label filters (issue 12 §6)
    expect(check.labels).toEqual({ env: 'test' });
    expect(check.uptime.passed + check.uptime.failed).toBe(8);
    expect(check.uptime.failed).toBe(1);
    expect(check.latency.p99).toBeGreaterThanOrEqual(check.latency.p95);
    expect(check.latency.rolling1h).toBeGreaterThanOrEqual(0);
    // the row's own timestamps are no field of 000 §3's Check and no reader's: ~0.9 MB of 10,000 checks
    expect(Object.keys(check)).not.toContain('created_at');
    expect(Object.keys(check)).not.toContain('updated_at');
    expect(Object.keys(check)).toEqual(expect.arrayContaining(['id', 'name', 'type', 'status', 'last_runtime']));
    const none = await (
      await t.call(people.viewer ?? '', 'GET', '/api/canary/api/summary?labels={"env":"prod"}')
    ).json();
    expect(none.checks_summary).toHaveLength(0);
  });

  it.each([
    ['POST', '/api/canary/api/summary', { start: 'yesterday' }, 'start must be a duration'],
    ['POST', '/api/canary/api/summary', { checkID: 'x' }, 'checkID must be a UUID'],
    ['POST', '/api/canary/api/summary', { sortBy: 'age' }, "sortBy must be 'name' or '-name'"],
    ['GET', '/api/canary/api/summary?labels=notjson', undefined, 'labels must be a JSON object'],
    ['GET', '/api/canary/api/graph', undefined, 'check is required'],
    ['GET', '/api/canary/api/graph?check=abc', undefined, 'check must be a UUID'],
    [
      'GET',
      '/api/canary/api/graph?check=00000000-0000-0000-0000-000000000001&count=0',
      undefined,
      'count must be a whole number from 1 to 10000',
    ],
    [
      'GET',
      '/api/canary/api/graph?check=00000000-0000-0000-0000-000000000001&start=1h&end=2h',
      undefined,
      'start must be before end',
    ],
  ])('%s %s answers 400 for bad input', async (method, path, body, message) => {
    const res = await t.call(people.viewer ?? '', method, path, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it('graph: one-minute buckets up to 2 h with exact percentiles, 404 for an unknown check', async () => {
    const res = await t.call(people.viewer ?? '', 'GET', `/api/canary/api/graph?check=${checkId}&start=1h`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.uptime).toEqual({ passed: 7, failed: 1 });
    expect(body.status.length).toBeGreaterThan(0);
    expect(body.latency.p99).toBeGreaterThanOrEqual(body.latency.p95);
    const missing = await t.call(
      people.viewer ?? '',
      'GET',
      '/api/canary/api/graph?check=00000000-0000-0000-0000-000000000001',
    );
    expect(missing.status).toBe(404);
  });

  it('graph over 7 days reads the hourly rollups plus raw edges and agrees on the counts', async () => {
    await t.database.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT $1, date_trunc('minute', now()) - make_interval(hours => 3, mins => g), g % 10 <> 0, 10 * g
       FROM generate_series(0, 299) AS g`,
      [checkId],
    );
    const body = await (
      await t.call(people.viewer ?? '', 'GET', `/api/canary/api/graph?check=${checkId}&start=7d`)
    ).json();
    const { rows } = await t.database.pool.query(
      `SELECT count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed,
         percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95
       FROM check_statuses WHERE check_id = $1`,
      [checkId],
    );
    expect(body.uptime).toEqual({ passed: rows[0].passed, failed: rows[0].failed });
    expect(Math.abs(body.latency.p95 - rows[0].p95) / rows[0].p95).toBeLessThan(0.2);
  });

  it('graph: count caps the status points (000 §9 asks for 300), widening buckets and keeping the totals', async () => {
    const all = await (
      await t.call(people.viewer ?? '', 'GET', `/api/canary/api/graph?check=${checkId}&start=1d`)
    ).json();
    expect(all.status.length).toBeGreaterThan(2);
    const capped = await (
      await t.call(people.viewer ?? '', 'GET', `/api/canary/api/graph?check=${checkId}&start=1d&count=2`)
    ).json();
    expect(capped.status.length).toBeLessThanOrEqual(3);
    expect(capped.uptime).toEqual(all.uptime);
    expect(graphBucketWidth(365 * 24 * 3_600_000, 300)).toBe(30 * 3_600_000);
    expect(graphBucketWidth(3_600_000, 300)).toBe(60_000);
  });

  it('about names the check types', async () => {
    const body = await (await t.call(people.viewer ?? '', 'GET', '/api/canary/about')).json();
    expect(body.checkTypes).toContain('http');
  });
});

describe('histogram and retention', () => {
  it('bucket rule matches the SQL function and quantiles stay within a bucket', async () => {
    for (const d of [0, 1, 2, 7, 50, 133, 1000, 90_000, 10_000_000]) {
      const { rows } = await t.database.pool.query('SELECT check_latency_bucket($1) AS b', [d]);
      expect(rows[0].b).toBe(latencyBucket(d));
    }
    const hist = new Array(40).fill(0);
    hist[latencyBucket(100) - 1] = 100;
    expect(Math.abs(histogramQuantile(hist, 0.95) - 100)).toBeLessThan(35);
  });

  it('retention deletes raw rows past the property, keeping newer ones', async () => {
    await t.database.pool.query("INSERT INTO properties (name, value) VALUES ('check.status.retention.days', '1')");
    await t.database.pool.query(
      "INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, now() - interval '2 days', true, 5)",
      [checkId],
    );
    const deleted = await applyRetention(t.database);
    expect(deleted.check_statuses).toBe(1);
    expect(deleted.check_statuses_1h).toBe(0);
  });

  it('hourly retention keeps each check’s newest row, which carries its running totals', async () => {
    await t.database.pool.query("INSERT INTO properties (name, value) VALUES ('check.status.1h.retention.days', '1')");
    const { rows } = await t.database.pool.query(
      "INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'paused') RETURNING id",
      [canaryId],
    );
    for (const ago of ['5 days', '3 days']) {
      await t.database.pool.query(
        `INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, now() - interval '${ago}', true, 5)`,
        [rows[0].id],
      );
    }
    // The older hourly row goes (as does the 2-day-old one of the test above); the newest stays.
    expect((await applyRetention(t.database)).check_statuses_1h).toBe(2);
    const { rows: left } = await t.database.pool.query(
      'SELECT cum_total::int AS cum_total FROM check_statuses_1h WHERE check_id = $1',
      [rows[0].id],
    );
    expect(left).toEqual([{ cum_total: 2 }]);
  });
});
