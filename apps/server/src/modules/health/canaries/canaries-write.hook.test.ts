import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * "Data written through the generic API takes effect" (issue 11), through the real routes with real
 * sessions: a canary written with /api/db/canaries is scheduled and runs exactly as one written with
 * /api/canaries; tables that cannot honour a generic write refuse it with a 405 naming the way to write.
 */
let t: TestApp;
let editor: { id: string; token: string };
let admin: { id: string; token: string };
let target: Server;
let endpoint: string;

const call = (method: string, path: string, who: { token: string }, body?: unknown) =>
  apiCall(t.app, method, path, who.token, body, { prefer: 'return=representation' });
const rows = async <R = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as R[];
const spec = (extra: Record<string, unknown> = {}) => ({
  schedule: '@every 30s',
  tcp: [{ name: 'port', endpoint }],
  ...extra,
});
const checksOf = (canaryId: string) =>
  rows<{ name: string; type: string; deleted: boolean }>(
    'SELECT name, type, deleted_at IS NOT NULL AS deleted FROM checks WHERE canary_id = $1 ORDER BY name',
    [canaryId],
  );
const scheduleOf = (canaryId: string) =>
  rows<{ schedule: string; job_name: string; enabled: boolean }>(
    "SELECT schedule, job_name, enabled FROM schedules WHERE name = 'canary:' || $1",
    [canaryId],
  );

beforeAll(async () => {
  target = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  endpoint = `127.0.0.1:${(target.address() as AddressInfo).port}`;
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'] });
  admin = await signedInUser(t, { roles: ['admin'] });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

describe('POST /api/db/canaries takes effect like POST /api/canaries', () => {
  it('schedules the canary and creates its checks, which run', async () => {
    const viaRoute = await call('POST', '/api/canaries', editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'by-route', namespace: 'default' },
      spec: spec(),
    });
    expect(viaRoute.status).toBe(201);
    const routeId = ((await viaRoute.json()) as { id: string }).id;

    const created = await call('POST', '/api/db/canaries', editor, {
      name: 'by-db',
      namespace: 'default',
      spec: spec(),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const [row] = (await created.json()) as [{ id: string }];

    expect(await checksOf(row.id)).toEqual(await checksOf(routeId));
    expect(await checksOf(row.id)).toEqual([{ name: 'port', type: 'tcp', deleted: false }]);
    expect(await scheduleOf(row.id)).toEqual(await scheduleOf(routeId));
    expect(await scheduleOf(row.id)).toEqual([{ schedule: '@every 30s', job_name: 'run_canary', enabled: true }]);
    expect(await rows('SELECT schedule FROM canaries WHERE id = $1', [row.id])).toEqual([{ schedule: '@every 30s' }]);

    const [check] = await rows<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [row.id]);
    const run = await call('POST', `/api/canary/run/check/${check?.id}`, editor);
    expect(run.status, await run.clone().text()).toBe(200);
    expect(await rows('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [check?.id])).toEqual([
      { n: 1 },
    ]);
  });

  it('a PATCH re-syncs checks and schedule; a soft delete or DELETE drops the schedule', async () => {
    const created = await call('POST', '/api/db/canaries', editor, { name: 'changing', spec: spec() });
    const [row] = (await created.json()) as [{ id: string }];
    const patched = await call('PATCH', `/api/db/canaries?id=eq.${row.id}`, editor, {
      spec: spec({ schedule: '@every 1m', http: [{ name: 'home', url: `http://${endpoint}/` }] }),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await checksOf(row.id)).toEqual([
      { name: 'home', type: 'http', deleted: false },
      { name: 'port', type: 'tcp', deleted: false },
    ]);
    expect(await scheduleOf(row.id)).toMatchObject([{ schedule: '@every 1m' }]);

    const paused = await call('PATCH', `/api/db/canaries?id=eq.${row.id}`, editor, { spec: spec({ replicas: 0 }) });
    expect(paused.status).toBe(200);
    expect(await scheduleOf(row.id)).toMatchObject([{ enabled: false }]);

    const gone = await call('PATCH', `/api/db/canaries?id=eq.${row.id}`, editor, {
      deleted_at: new Date().toISOString(),
    });
    expect(gone.status).toBe(200);
    expect(await scheduleOf(row.id)).toEqual([]);
    expect((await checksOf(row.id)).every((c) => c.deleted)).toBe(true);

    const other = await call('POST', '/api/db/canaries', editor, { name: 'hard-deleted', spec: spec() });
    const [second] = (await other.json()) as [{ id: string }];
    expect((await call('DELETE', `/api/db/canaries?id=eq.${second.id}`, editor)).status).toBe(200);
    expect(await scheduleOf(second.id)).toEqual([]);
  });

  it('refuses an invalid canary with a 400 and stores nothing', async () => {
    const bad = await call('POST', '/api/db/canaries', editor, {
      name: 'bad',
      spec: { schedule: '@every 30s', tcp: [{ endpoint }] },
    });
    expect(bad.status).toBe(400);
    expect(await rows("SELECT id FROM canaries WHERE name = 'bad'")).toEqual([]);
  });

  it('refuses a field the server does not honour, naming it, and stores nothing', async () => {
    const bad = await call('POST', '/api/db/canaries', editor, {
      name: 'unhonoured',
      spec: { schedule: '@every 30s', tcp: [{ name: 'p', endpoint, runAfter: ['other'] }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('spec.tcp[0].runAfter: is not supported by this server');
    expect(await rows("SELECT id FROM canaries WHERE name = 'unhonoured'")).toEqual([]);
  });

  it('keeps canaries from watched files read-only', async () => {
    const [file] = await rows<{ id: string }>(
      `INSERT INTO canaries (name, namespace, spec, source) VALUES ('from-file', 'default', $1, 'ConfigFile') RETURNING id`,
      [JSON.stringify(spec())],
    );
    const res = await call('PATCH', `/api/db/canaries?id=eq.${file?.id}`, admin, {
      spec: spec({ schedule: '@every 5m' }),
    });
    expect(res.status).toBe(403);
    expect((await call('DELETE', `/api/db/canaries?id=eq.${file?.id}`, admin)).status).toBe(403);
  });
});

describe('tables that cannot honour a generic write refuse it, naming the way to write', () => {
  it.each([
    ['connections', { name: 'c', type: 'http', url: 'https://u:p@example.com' }, '/api/connections'],
    ['checks', { canary_id: '00000000-0000-4000-8000-000000000000', type: 'http', name: 'x' }, '/api/canaries'],
    ['check_statuses', { check_id: '00000000-0000-4000-8000-000000000000', status: true }, 'check runner'],
    ['people', { name: 'x' }, '/api/auth/invite_user'],
    // agents and permissions are written by their routes (rest/routed-writes.test.ts)
    ['incident_rules', { name: 'x', spec: {} }, 'not run by this server'],
    ['playbook_runs', { status: 'running' }, 'playbook runner'],
    ['incident_histories', { type: 'x' }, 'incidents'],
    ['audit_log', { action: 'x' }, 'server'],
  ])('%s', async (table, body, named) => {
    const res = await call('POST', `/api/db/${table}`, admin, body);
    expect(res.status).toBe(405);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe('42501');
    expect(answer.message).toContain(`${table} cannot be written through /api/db`);
    expect(answer.message).toContain(named);
    expect((await call('PATCH', `/api/db/${table}?id=eq.00000000-0000-4000-8000-000000000000`, admin, {})).status).toBe(
      405,
    );
  });

  it('no connection row is stored through /api/db, so no plain-text password can be', async () => {
    await call('POST', '/api/db/connections', admin, { name: 'plain', type: 'http', url: 'https://u:p@example.com' });
    expect(await rows("SELECT id FROM connections WHERE name = 'plain'")).toEqual([]);
  });
});
