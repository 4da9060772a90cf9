import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiSignIn, buildUser } from '../auth/testing/auth-factory.js';
import { jsonOf } from './testing/admin-test-app.js';

let t: TestApp;
const tokens = new Map<string, string>();
const ID = '00000000-0000-0000-0000-0000000000aa';

/** Every administration route with the body a valid call would send. */
const ROUTES: { method: string; path: string; write: boolean; resource: string }[] = [
  { method: 'GET', path: '/api/connections', write: false, resource: 'connections' },
  { method: 'GET', path: `/api/connections/${ID}`, write: false, resource: 'connections' },
  { method: 'POST', path: '/api/connections', write: true, resource: 'connections' },
  { method: 'PUT', path: `/api/connections/${ID}`, write: true, resource: 'connections' },
  { method: 'DELETE', path: `/api/connections/${ID}`, write: true, resource: 'connections' },
  { method: 'POST', path: `/api/connection/test/${ID}`, write: true, resource: 'connections' },
  { method: 'GET', path: '/api/properties', write: false, resource: 'feature_flags' },
  { method: 'POST', path: '/api/properties', write: true, resource: 'feature_flags' },
  { method: 'PATCH', path: '/api/properties/x.disable', write: true, resource: 'feature_flags' },
  { method: 'DELETE', path: '/api/properties/x.disable', write: true, resource: 'feature_flags' },
  { method: 'GET', path: '/api/agents', write: false, resource: 'agents' },
  { method: 'PATCH', path: `/api/agents/${ID}`, write: true, resource: 'agents' },
  { method: 'DELETE', path: `/api/agents/${ID}`, write: true, resource: 'agents' },
  { method: 'POST', path: '/api/agent/generate', write: true, resource: 'agents' },
];

const call = (method: string, path: string, role?: string) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(role ? { authorization: `Bearer ${tokens.get(role)}` } : {}) },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'editor', 'viewer']) {
    const user = await buildUser(t.database, { roles: [role] });
    tokens.set(role, await apiSignIn(t.app, user.email, user.password));
  }
});
afterAll(async () => {
  await t.close();
});

describe('administration routes: sign-in and roles', () => {
  it.each(ROUTES)('$method $path without a session → 401', async ({ method, path }) => {
    expect((await call(method, path)).status).toBe(401);
  });

  it.each(ROUTES.filter((route) => route.write))(
    '$method $path as viewer → 403',
    async ({ method, path, resource }) => {
      const response = await call(method, path, 'viewer');
      expect(response.status).toBe(403);
      expect((await jsonOf(response)).message).toMatch(new RegExp(`^You do not have permission to \\w+ ${resource}$`));
    },
  );

  it('keeps connections from viewers and connection writes from editors', async () => {
    expect((await call('GET', '/api/connections', 'viewer')).status).toBe(403);
    expect((await call('GET', '/api/connections', 'editor')).status).toBe(200);
    expect((await call('POST', '/api/connections', 'editor')).status).toBe(403);
    expect((await call('POST', '/api/connections', 'admin')).status).toBe(400);
  });

  it('lets every signed-in person read flags and schemas', async () => {
    expect((await call('GET', '/api/properties/feature-flags', 'viewer')).status).toBe(200);
    expect((await call('GET', '/api/schemas/canary.schema.json', 'viewer')).status).toBe(200);
    expect((await call('GET', '/api/schemas/canary.schema.json')).status).toBe(401);
  });

  it('serves the administration views through the data API, without the agent token hash', async () => {
    for (const view of [
      'job_histories',
      'job_history_names',
      'event_queue_summary',
      'failed_events',
      'agents_summary',
      'connections_list',
    ]) {
      const response = await call('GET', `/api/db/${view}?limit=150`, 'admin');
      expect(response.status, view).toBe(200);
    }
    const generated = await t.app.request('/api/agent/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get('admin')}` },
      body: JSON.stringify({ name: 'edge-1' }),
    });
    expect(generated.status).toBe(201);
    const agents = await call('GET', '/api/db/agents?select=*', 'admin');
    expect(agents.status).toBe(200);
    expect(await agents.text()).not.toContain('token_hash');
    expect((await call('GET', '/api/db/agents?select=token_hash', 'admin')).status).toBe(400);
    expect(
      (await call('GET', '/api/db/job_histories?status=not.in.(SUCCESS)&order=created_at.desc&limit=150', 'viewer'))
        .status,
    ).toBe(200);
  });
});
