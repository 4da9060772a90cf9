import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiSignIn, buildUser } from '../auth/testing/auth-factory.js';
import { jsonOf } from '../settings-views/testing/admin-test-app.js';

let t: TestApp;
let id = '';
const tokens = new Map<string, string>();
const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
const body = { name: 'svc', type: 'http', url: 'http://127.0.0.1:9', username: 'u', password: 'p' };

const call = (method: string, path: string, role: string, payload?: unknown) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(role)}` },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    const user = await buildUser(t.database, { roles: [role] });
    tokens.set(role, await apiSignIn(t.app, user.email, user.password));
  }
  const created = await call('POST', '/api/connections', 'admin', body);
  expect(created.status).toBe(201);
  id = String((await jsonOf(created)).id);
});
afterAll(async () => {
  await t.close();
});

/**
 * The role matrix of 001 §6 on every connections route: admins read and write; editors read but do not
 * write; commanders, responders, viewers and guests neither read nor write connections.
 */
describe('connections API: roles', () => {
  const routes = () => [
    { method: 'GET', path: '/api/connections', write: false },
    { method: 'GET', path: `/api/connections/${id}`, write: false },
    { method: 'POST', path: '/api/connections', write: true, payload: { ...body, name: 'other' } },
    { method: 'PUT', path: `/api/connections/${id}`, write: true, payload: body },
    { method: 'POST', path: `/api/connection/test/${id}`, write: true },
    { method: 'DELETE', path: `/api/connections/${id}`, write: true },
  ];

  it.each(ROLES.filter((role) => role !== 'admin'))('%s gets 403 where the matrix says no', async (role) => {
    for (const route of routes()) {
      const allowed = role === 'editor' && !route.write;
      const response = await call(route.method, route.path, role, route.payload);
      expect(response.status, `${role} ${route.method} ${route.path}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect((await jsonOf(response)).message).toMatch(/^You do not have permission to \w+ connections$/);
    }
  });

  it('lets an admin do all of it', async () => {
    const expected = [200, 200, 201, 200, 200, 204];
    const answers = [];
    for (const route of routes()) answers.push((await call(route.method, route.path, 'admin', route.payload)).status);
    expect(answers).toEqual(expected);
  });

  it('serves the console list page (connections_list) with its total to readers only, without secrets', async () => {
    const query =
      '/api/db/connections_list?select=id,name,namespace,type,source,created_by,created_at,updated_at' +
      '&order=name.asc,id.asc&limit=50&offset=0';
    const prefer = { Prefer: 'return=representation,count=exact' };
    const page = await t.app.request(query, {
      headers: { authorization: `Bearer ${tokens.get('editor')}`, ...prefer },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toMatch(/^(0-\d+|\*)\/\d+$/);
    expect(await page.text()).not.toMatch(/password|"p"/);
    const denied = await t.app.request(query, { headers: { authorization: `Bearer ${tokens.get('viewer')}` } });
    expect(denied.status).toBe(403);
  });
});
