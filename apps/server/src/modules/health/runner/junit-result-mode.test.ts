import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { junitSummary } from './junit-result.js';
import { runCanaryJob } from './run-canary.job.js';

/**
 * canary-checker's `spec.resultMode: junit` (ProcessResults): a run's results are combined into one, on
 * the canary's junit check, passing iff none failed, with the suite summary as its message.
 */
let t: HealthTestApp;
let admin: string;
let target: Server;
let base: string;

beforeAll(async () => {
  target = createServer((req, res) => {
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

const canary = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '@every 1h', resultMode: 'junit', ...spec },
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

async function save(name: string, spec: Record<string, unknown>): Promise<string> {
  const res = await t.call(admin, 'POST', '/api/canaries', canary(name, spec));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

async function statuses(canaryId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT k.id, k.type, k.name, s.status, s.message, s.details FROM checks k
       LEFT JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s ON true
     WHERE k.canary_id = $1 AND k.deleted_at IS NULL ORDER BY k.type, k.name`,
    [canaryId],
  );
  return rows;
}

describe('spec.resultMode: junit', () => {
  it('stores one combined result on the junit check: failing when one check failed, with the suite summary', async () => {
    const id = await save('suite', {
      http: [
        { name: 'up', description: 'home page answers', endpoint: `${base}/up` },
        { name: 'down', endpoint: `${base}/down`, responseCodes: [200] },
      ],
    });
    const outcome = await runCanary(id);
    expect(outcome).toMatchObject({ successCount: 0, errorCount: 1 });
    const rows = await statuses(id);
    expect(rows.map((row) => [row.type, row.name, row.status])).toEqual([
      ['http', 'down', null],
      ['http', 'up', null],
      ['junit', 'suite', false],
    ]);
    const junit = rows[2];
    expect(junit.message).toBe('1 passed, 1 failed  in 0s');
    expect(junit.details.suite).toMatchObject({ name: 'suite', passed: 1, failed: 1 });
    expect(junit.details.suite.tests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ classname: 'http', name: 'down', status: 'failed' }),
        expect.objectContaining({ classname: 'http', name: 'home page answers', status: 'passed' }),
      ]),
    );
  });

  it('passes when every check passed, in dependency order too; Run Now refuses the junit check', async () => {
    const id = await save('all-green', {
      http: [
        { name: 'first', endpoint: `${base}/a` },
        { name: 'second', dependsOn: ['first'], endpoint: `${base}/b` },
      ],
      tcp: [{ name: 'port', endpoint: base.replace('http://', '') }],
    });
    await runCanary(id);
    const junit = (await statuses(id)).find((row) => row.type === 'junit');
    expect(junit).toMatchObject({ name: 'all-green', status: true, message: '3 passed  in 0s' });
    const res = await t.call(admin, 'POST', `/api/canary/run/check/${junit.id}`);
    expect(res.status).toBe(422);
  });

  it('drops the junit check when the mode is removed, and refuses an unknown mode naming the field', async () => {
    const id = await save('mode-off', { http: [{ name: 'up', endpoint: `${base}/up` }] });
    const plain = canary('mode-off', { http: [{ name: 'up', endpoint: `${base}/up` }] });
    delete (plain.spec as { resultMode?: string }).resultMode;
    const put = await t.call(admin, 'PUT', `/api/canaries/${id}`, plain);
    expect(put.status, JSON.stringify(await put.json())).toBe(200);
    expect((await statuses(id)).map((row) => row.type)).toEqual(['http']);

    const res = await t.call(admin, 'POST', '/api/canaries', canary('bad-mode', { resultMode: 'xml', http: [] }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('spec.resultMode: must be junit');
    const onAgents = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('on-agents', { locations: ['eu-west'], http: [{ name: 'up', endpoint: `${base}/up` }] }),
    );
    expect(onAgents.status).toBe(400);
    expect(JSON.stringify(await onAgents.json())).toContain(
      'spec: resultMode is not supported by this server for a canary run by agents',
    );
  });

  it('writes the summary as upstream Totals.String() does', () => {
    expect(junitSummary({ passed: 2, failed: 0, duration: 0 })).toBe('2 passed');
    expect(junitSummary({ passed: 0, failed: 3, duration: 125.9 })).toBe('3 failed  in 2m5s');
    expect(junitSummary({ passed: 1, failed: 1, duration: 3725 })).toBe('1 passed, 1 failed  in 1h2m5s');
  });
});
