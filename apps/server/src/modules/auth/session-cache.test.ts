import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The session cache of the data API's reads (session-cache.ts), through the real routes with real
 * sessions: a change made through this server applies to the very next /api/db read; a change made
 * behind its back (SQL by hand, another replica) within MC_SESSION_CACHE_MS (1 s by default), and at
 * once on every route other than an /api/db read.
 */
let t: TestApp;
const read = (token: string) => apiCall(t.app, 'GET', '/api/db/incidents?select=id&limit=1', token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session cache of /api/db reads', () => {
  it('a sign-out through the API refuses the next read at once', async () => {
    const user = await signedInUser(t, { roles: ['viewer'] });
    expect((await read(user.token)).status).toBe(200);
    const out = await apiCall(t.app, 'DELETE', '/api/.ory/self-service/logout/api', null, {
      session_token: user.token,
    });
    expect(out.status).toBe(204);
    expect((await read(user.token)).status).toBe(401);
  });

  it('a role change and a deny row made through the API apply to the next read at once', async () => {
    const admin = await signedInUser(t, { roles: ['admin'] });
    const user = await signedInUser(t, { roles: ['viewer'] });
    const audit = () => apiCall(t.app, 'GET', '/api/db/audit_log?select=id&limit=1', user.token);
    expect((await audit()).status).toBe(403);
    expect(
      (await apiCall(t.app, 'POST', `/api/rbac/${user.id}/update_role`, admin.token, { role: 'admin' })).status,
    ).toBe(200);
    expect((await audit()).status).toBe(200);
    expect((await read(user.token)).status).toBe(200);
    const deny = await apiCall(t.app, 'POST', '/api/permissions', admin.token, {
      object: 'incident',
      action: 'read',
      deny: true,
      person_id: user.id,
    });
    expect(deny.status).toBe(201);
    expect((await read(user.token)).status).toBe(403);
  });

  it('a change behind the server’s back applies to other routes at once and to /api/db reads within the TTL', async () => {
    const user = await signedInUser(t, { roles: ['viewer'] });
    expect((await read(user.token)).status).toBe(200);
    await t.database.pool.query('UPDATE sessions SET active = false WHERE identity_id = $1', [user.id]);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', user.token)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, loadConfig({}).MC_SESSION_CACHE_MS + 100));
    expect((await read(user.token)).status).toBe(401);
  });
});
