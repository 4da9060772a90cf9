import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';

let t: HealthTestApp;
let admin: string;
let viewer: string;
let target: Server;
let targetUrl: string;

const yamlCanary = (url: string, name = 'web') => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  namespace: default
  labels:
    team: platform
spec:
  schedule: "@every 30s"
  http:
    - name: home
      endpoint: ${url}/ok
      responseCodes: [200]
    - name: broken
      endpoint: ${url}/fail
      responseCodes: [200]
  tcp:
    - name: port
      endpoint: ${url.replace('http://', '')}
`;

beforeAll(async () => {
  target = createServer((req, res) => {
    res.statusCode = req.url === '/ok' ? 200 : 500;
    res.end('hello');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
  viewer = await t.person(['viewer']);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

describe('canaries API', () => {
  it('creates a canary from YAML with one check per entry and one schedule', async () => {
    const res = await t.call(admin, 'POST', '/api/canaries', yamlCanary(targetUrl), 'application/yaml');
    expect(res.status).toBe(201);
    const canary = await res.json();
    expect(canary.metadata).toEqual({ name: 'web', namespace: 'default', labels: { team: 'platform' } });
    const { rows: checks } = await t.database.pool.query(
      'SELECT type, name, endpoint FROM checks WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY type, name',
      [canary.id],
    );
    expect(checks.map((c) => `${c.type}/${c.name}`)).toEqual(['http/broken', 'http/home', 'tcp/port']);
    const { rows: schedules } = await t.database.pool.query(
      "SELECT schedule, job_name FROM schedules WHERE name = 'canary:' || $1",
      [canary.id],
    );
    expect(schedules).toEqual([{ schedule: '@every 30s', job_name: 'run_canary' }]);
  });

  it('takes the schedules canary-checker takes: a time-zone prefix, Go durations, @never (never due)', async () => {
    const saved: Record<string, string> = {};
    for (const [name, schedule] of [
      ['zoned', 'CRON_TZ=Europe/Paris 0 9 * * MON-FRI'],
      ['fraction', '@every 1.5m'],
      ['never', '@never'],
    ] as const) {
      const doc = { apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name }, spec: { schedule } };
      const res = await t.call(admin, 'POST', '/api/canaries', doc);
      expect(res.status, schedule).toBe(201);
      saved[name] = (await res.json()).id;
    }
    const { rows } = await t.database.pool.query(
      "SELECT schedule, next_run_at > now() + interval '100 years' AS never_due FROM schedules WHERE name = 'canary:' || $1",
      [saved.never],
    );
    expect(rows).toEqual([{ schedule: '@never', never_due: true }]);
    const refused = await t.call(admin, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'minutes' },
      spec: { schedule: 'every 30 @minutes' },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(
      'Invalid schedule "every 30 @minutes": a cron expression has 5 or 6 fields',
    );
  });

  it('accepts JSON, refuses a duplicate name with 409', async () => {
    const doc = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'json-one' },
      spec: { interval: 60, tcp: [{ name: 'p', endpoint: '127.0.0.1:1' }] },
    };
    expect((await t.call(admin, 'POST', '/api/canaries', doc)).status).toBe(201);
    const again = await t.call(admin, 'POST', '/api/canaries', doc);
    expect(again.status).toBe(409);
    expect((await again.json()).message ?? JSON.stringify(await again.json())).toContain('already exists');
  });

  it.each([
    ['not yaml', 'a: [', 'not valid YAML'],
    [
      'wrong kind',
      { apiVersion: 'canaries.flanksource.com/v1', kind: 'Topology', metadata: { name: 'x' }, spec: {} },
      'kind: must be Canary',
    ],
    [
      'bad name',
      { apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'Bad Name' }, spec: {} },
      'metadata.name',
    ],
    [
      'unsupported type',
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x' },
        spec: { mongodb: [{ name: 'm' }] },
      },
      'spec.mongodb: unsupported check type',
    ],
    [
      'a field this server does not honour',
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x' },
        spec: { http: [{ name: 'h', url: 'https://example.test', signWith: { region: 'eu-west-1' } }] },
      },
      'spec.http[0].signWith: is not supported by this server',
    ],
    [
      'bad check spec',
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x' },
        spec: { tcp: [{ name: 'p' }] },
      },
      'spec.tcp.0.endpoint',
    ],
    [
      'duplicate check',
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x' },
        spec: {
          tcp: [
            { name: 'p', endpoint: 'a:1' },
            { name: 'p', endpoint: 'a:2' },
          ],
        },
      },
      "duplicate check name 'p'",
    ],
    [
      'bad schedule',
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x' },
        spec: { schedule: 'every minute' },
      },
      'Invalid schedule',
    ],
    ['empty body', '', 'Canary document'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await t.call(admin, 'POST', '/api/canaries', body, 'application/yaml');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it('updates: removed entries are soft-deleted, a returning one comes back', async () => {
    const created = await (
      await t.call(admin, 'POST', '/api/canaries', yamlCanary(targetUrl, 'sync'), 'application/yaml')
    ).json();
    const fewer = yamlCanary(targetUrl, 'sync').replace(/ {4}- name: broken\n.*\n.*\n/, '');
    const res = await t.call(admin, 'PUT', `/api/canaries/${created.id}`, fewer, 'application/yaml');
    expect(res.status).toBe(200);
    const { rows } = await t.database.pool.query(
      'SELECT name, deleted_at IS NOT NULL AS gone FROM checks WHERE canary_id = $1 ORDER BY name',
      [created.id],
    );
    expect(rows).toEqual([
      { name: 'broken', gone: true },
      { name: 'home', gone: false },
      { name: 'port', gone: false },
    ]);
    await t.call(admin, 'PUT', `/api/canaries/${created.id}`, yamlCanary(targetUrl, 'sync'), 'application/yaml');
    const { rows: back } = await t.database.pool.query(
      "SELECT deleted_at FROM checks WHERE canary_id = $1 AND name = 'broken'",
      [created.id],
    );
    expect(back[0].deleted_at).toBeNull();
  });

  it('deletes: the canary and its checks are soft-deleted and the schedule dropped', async () => {
    const created = await (
      await t.call(admin, 'POST', '/api/canaries', yamlCanary(targetUrl, 'gone'), 'application/yaml')
    ).json();
    expect((await t.call(admin, 'DELETE', `/api/canaries/${created.id}`)).status).toBe(204);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS live FROM checks WHERE canary_id = $1 AND deleted_at IS NULL',
      [created.id],
    );
    expect(rows[0].live).toBe(0);
    const { rows: s } = await t.database.pool.query("SELECT 1 FROM schedules WHERE name = 'canary:' || $1", [
      created.id,
    ]);
    expect(s).toHaveLength(0);
    expect((await t.call(admin, 'GET', `/api/canaries/${created.id}`)).status).toBe(404);
    expect((await t.call(admin, 'DELETE', '/api/canaries/not-a-uuid')).status).toBe(400);
  });

  it('viewers read but cannot write; anonymous gets 401', async () => {
    expect((await t.call(viewer, 'GET', '/api/canaries')).status).toBe(200);
    expect((await t.call(viewer, 'POST', '/api/canaries', yamlCanary(targetUrl, 'v'), 'application/yaml')).status).toBe(
      403,
    );
    expect((await t.call(null, 'GET', '/api/canaries')).status).toBe(401);
  });

  it('a canary from a file is read-only through the API', async () => {
    const { rows } = await t.database.pool.query(
      "INSERT INTO canaries (name, source) VALUES ('from-file', 'ConfigFile') RETURNING id",
    );
    const res = await t.call(admin, 'DELETE', `/api/canaries/${rows[0].id}`);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toContain('read-only');
  });
});
