import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { runCanaryJob } from './run-canary.job.js';

let t: HealthTestApp;
let admin: string;
let target: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/token') {
      // Answer late: a dependant started at the same time would come first.
      setTimeout(() => res.setHeader('content-type', 'application/json').end('{"token":"tok-42"}'), 150);
      return;
    }
    res.statusCode = req.url === '/down' ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
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
  spec: { schedule: '@every 1h', ...spec },
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

async function latest(canaryId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT k.name, s.status, s.message FROM checks k
       JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s ON true
     WHERE k.canary_id = $1`,
    [canaryId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, { status: row.status, message: row.message }]));
}

describe('dependsOn between the checks of a canary', () => {
  it('runs dependencies first and hands their outputs to expressions and $(outputs.…) in the endpoint', async () => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('chain', {
        http: [
          {
            name: 'use-token',
            dependsOn: ['get-token'],
            endpoint: `${base}/use/$(outputs.get-token.json.token)`,
            test: { expr: "outputs['get-token'].json.token == 'tok-42' && outputs['get-token'].pass" },
          },
          { name: 'get-token', endpoint: `${base}/token` },
          { name: 'down', endpoint: `${base}/down`, responseCodes: [200] },
          {
            name: 'after-down',
            dependsOn: ['down'],
            endpoint: `${base}/after`,
            test: { expr: "has(outputs.down) ? 'x' : 'no output'" },
          },
        ],
      }),
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const { id } = body;
    seen.length = 0;
    await runCanary(id);
    expect(seen.indexOf('/token')).toBeLessThan(seen.indexOf('/use/tok-42'));
    const statuses = await latest(id);
    expect(statuses['use-token']).toMatchObject({ status: true });
    expect(statuses.down).toMatchObject({ status: false });
    // A failed dependency leaves no output, and the dependant still runs (as canary-checker does).
    expect(statuses['after-down']?.message).toMatch(/test expression must return true or false, got "no output"/);
  });

  it('fails a placeholder naming the output of a dependency that did not pass', async () => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('chain-broken', {
        http: [
          { name: 'down', endpoint: `${base}/down`, responseCodes: [200] },
          { name: 'next', dependsOn: ['down'], endpoint: `${base}/x/$(outputs.down.code)` },
        ],
      }),
    );
    const { id } = await res.json();
    await runCanary(id);
    expect((await latest(id)).next).toEqual({
      status: false,
      message: "endpoint: $(outputs.down.code) refers to nothing (check 'down' did not pass or has no such value)",
    });
  });

  it('refuses at save an unknown name, a self reference, a loop and a name shared across types', async () => {
    const save = async (spec: Record<string, unknown>) => {
      const answer = await t.call(admin, 'POST', '/api/canaries', canary('refused', spec));
      expect(answer.status).toBe(400);
      return JSON.stringify(await answer.json());
    };
    const tcp = (name: string, dependsOn?: string[]) => ({ name, endpoint: '127.0.0.1:1', dependsOn });
    expect(await save({ tcp: [tcp('a', ['ghost'])] })).toContain(
      "spec.tcp: check 'a' dependsOn 'ghost', which is no check of this canary",
    );
    expect(await save({ tcp: [tcp('a', ['a'])] })).toContain("spec.tcp: check 'a' dependsOn itself");
    expect(await save({ tcp: [tcp('a', ['b']), tcp('b', ['c']), tcp('c', ['a'])] })).toContain(
      'spec: dependsOn references loop: a → b → c → a',
    );
    expect(await save({ tcp: [tcp('a', ['b'])], http: [{ name: 'a', endpoint: base }], dns: [] })).toContain(
      "check name 'a' is used twice",
    );
  });

  it('refuses dependsOn (and exec artifacts) on a canary its agents run, which run checks together', async () => {
    const answer = await t.call(admin, 'POST', '/api/canaries', {
      ...canary('on-agents', {
        locations: ['eu-west'],
        tcp: [{ name: 'a', endpoint: '127.0.0.1:1' }],
        exec: [{ name: 'b', script: 'true', dependsOn: ['a'], artifacts: [{ path: '/dev/stdout' }] }],
      }),
    });
    expect(answer.status).toBe(400);
    const body = JSON.stringify(await answer.json());
    expect(body).toContain('spec.exec[0]: dependsOn is not supported by this server for a canary run by agents');
    expect(body).toContain('spec.exec[0]: artifacts is not supported by this server for a canary run by agents');
  });
});
