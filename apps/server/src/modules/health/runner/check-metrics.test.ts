import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECK_METRIC_SERIES, recordCheckMetric } from '../../../platform/metrics/check-metrics.js';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { runCanaryJob } from './run-canary.job.js';

/**
 * canary-checker's `metrics` on a check (checks/metrics.go): after each run the values (CEL over the
 * check's variables) are recorded on /metrics with their labels; a bad expression fails the run with
 * the reason; names and types are checked at save; label sets per metric are bounded.
 */
let t: HealthTestApp;
let admin: string;
let target: Server;
let base: string;

beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.url === '/rates') {
      res.setHeader('content-type', 'application/json').end('{"base":"USD","rates":{"GBP":0.79,"EUR":0.92}}');
      return;
    }
    res.statusCode = req.url === '/down' ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

const canary = (name: string, http: Record<string, unknown>[]) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '@every 1h', http },
});

async function runCanary(id: string) {
  return runCanaryJob.handler({
    payload: { canaryId: id },
    signal: new AbortController().signal,
    job: { id: 'test', name: 'run_canary', attempt: 1, maxAttempts: 1 },
    // The job reads only the database from its deps.
    deps: { config: {} as never, database: t.database, logger: {} as never },
  });
}

async function save(name: string, http: Record<string, unknown>[]): Promise<string> {
  const res = await t.call(admin, 'POST', '/api/canaries', canary(name, http));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

async function latest(canaryId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT s.status, s.message FROM checks k
       JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s ON true
     WHERE k.canary_id = $1`,
    [canaryId],
  );
  return rows[0];
}

describe('metrics on a check', () => {
  it('records gauge, counter and histogram values with their labels on /metrics after each run', async () => {
    const id = await save('metered', [
      {
        name: 'home',
        endpoint: `${base}/up`,
        metrics: [
          {
            name: 'probe_status_code',
            type: 'gauge',
            value: 'code',
            labels: [
              { name: 'path', value: '/up' },
              { name: 'class', valueExpr: "code >= 500 ? 'error' : 'ok'" },
            ],
          },
          {
            name: 'probe_runs_total',
            type: 'counter',
            value: '1',
            labels: [{ name: 'check', valueExpr: 'check.name' }],
          },
          { name: 'probe_duration_ms', type: 'histogram', value: 'duration' },
        ],
      },
    ]);
    await runCanary(id);
    await runCanary(id);
    expect(await latest(id)).toMatchObject({ status: true });
    const res = await t.call(admin, 'GET', '/metrics');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('probe_status_code{path="/up",class="ok"} 200');
    expect(text).toContain('probe_runs_total{check="home"} 2');
    expect(text).toContain('probe_duration_ms_count 2');
  });

  it("records upstream fixtures' forms: int labels, elapsed.getMilliseconds(), and a transform's metrics", async () => {
    const id = await save('fixture-forms', [
      {
        name: 'rates',
        url: `${base}/rates`,
        transform: {
          expr: `{'metrics': json.rates.keys().map(k, {'name': 'fx_rate', 'type': 'gauge', 'value': json.rates[k],
            'labels': {'from': json.base, 'to': k}})}.toJSON()`,
        },
        metrics: [
          {
            name: 'fx_2xx_count',
            type: 'counter',
            value: 'code == 200 ? 1 : 0',
            labels: [
              { name: 'code', valueExpr: 'code' },
              { name: 'status_class', valueExpr: 'string(code).charAt(0)' },
            ],
          },
          { name: 'fx_api_ms', type: 'histogram', value: 'elapsed.getMilliseconds()' },
        ],
      },
    ]);
    await runCanary(id);
    expect(await latest(id)).toMatchObject({ status: true });
    const text = await (await t.call(admin, 'GET', '/metrics')).text();
    expect(text).toContain('fx_rate{from="USD",to="GBP"} 0.79');
    expect(text).toContain('fx_rate{from="USD",to="EUR"} 0.92');
    expect(text).toContain('fx_2xx_count{code="200",status_class="2"} 1');
    expect(text).toContain('fx_api_ms_count 1');
  });

  it('fails the run with the reason when an expression fails or is no number, and records nothing of it', async () => {
    const id = await save('bad-metrics', [
      { name: 'home', endpoint: `${base}/up`, metrics: [{ name: 'bad_value', type: 'gauge', value: "'abc'" }] },
    ]);
    await runCanary(id);
    expect(await latest(id)).toMatchObject({ status: false, message: 'metrics[0].value: abc is not a number' });
    const other = await save('bad-expr', [
      { name: 'home', endpoint: `${base}/up`, metrics: [{ name: 'bad_expr', type: 'gauge', value: 'nosuch + 1' }] },
    ]);
    await runCanary(other);
    const row = await latest(other);
    expect(row.status).toBe(false);
    expect(row.message).toMatch(/^metrics\[0\]: /);
    const text = await (await t.call(admin, 'GET', '/metrics')).text();
    expect(text).not.toMatch(/^bad_value|^bad_expr/m);
  });

  it.each([
    [{ name: 'x', type: 'summary', value: '1' }, 'metrics.0.type: must be counter, gauge or histogram'],
    [{ name: 'bad-name', type: 'gauge', value: '1' }, 'metrics.0.name: must be a Prometheus metric name'],
    [
      { name: 'mc_mine', type: 'gauge', value: '1' },
      "metrics.0.name: mc_, nodejs_ and process_ names are this server's own",
    ],
    [
      { name: 'x', type: 'gauge', value: '1', labels: [{ name: 'a-b', value: '1' }] },
      'must be a Prometheus label name',
    ],
  ])('refuses %j at save', async (metric, message) => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('refused-metric', [{ name: 'home', endpoint: `${base}/up`, metrics: [metric] }]),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it('refuses metrics on a canary its agents run', async () => {
    const doc = canary('on-agents', [
      { name: 'home', endpoint: `${base}/up`, metrics: [{ name: 'x', type: 'gauge', value: '1' }] },
    ]);
    const res = await t.call(admin, 'POST', '/api/canaries', { ...doc, spec: { ...doc.spec, locations: ['eu-west'] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(
      'spec.http[0]: metrics is not supported by this server for a canary run by agents',
    );
  });

  it(`keeps a metric's type and labels and at most ${MAX_CHECK_METRIC_SERIES} label sets`, () => {
    for (let i = 0; i < MAX_CHECK_METRIC_SERIES; i++) {
      expect(
        recordCheckMetric({ name: 'bounded', type: 'gauge', value: i, labels: { id: String(i) } }),
      ).toBeUndefined();
    }
    expect(recordCheckMetric({ name: 'bounded', type: 'gauge', value: 1, labels: { id: 'one-more' } })).toBe(
      `metric bounded: more than ${MAX_CHECK_METRIC_SERIES} label sets, value dropped`,
    );
    expect(recordCheckMetric({ name: 'bounded', type: 'gauge', value: 2, labels: { id: '5' } })).toBeUndefined();
    expect(recordCheckMetric({ name: 'bounded', type: 'counter', value: 1, labels: { id: '5' } })).toBe(
      'metric bounded: already a gauge',
    );
    expect(recordCheckMetric({ name: 'bounded', type: 'gauge', value: 1, labels: { other: '5' } })).toBe(
      'metric bounded: labels must stay [id]',
    );
    expect(recordCheckMetric({ name: 'mc_check_runs_total', type: 'gauge', value: 1, labels: {} })).toBe(
      'metric mc_check_runs_total: the name is taken',
    );
  });
});
