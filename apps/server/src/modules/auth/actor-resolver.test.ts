import type { Database } from '@mc/db';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/request-context.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { AccessControl } from '../rbac/index.js';
import { createActorResolver } from './actor-resolver.js';
import { revokeByTokenHash } from './session.repo.js';
import { apiSignIn, buildUser } from './testing/auth-factory.js';

/**
 * The authentication read path (one statement per request, nothing cached across requests): every
 * change that takes access away applies to the very next request.
 */
let t: TestApp;
const whoami = (token: string) => t.app.request('/api/auth/whoami', { headers: { authorization: `Bearer ${token}` } });
const signedIn = async (roles: string[]) => {
  const user = await buildUser(t.database, { roles, first: 'Read', last: 'Path' });
  return { ...user, token: await apiSignIn(t.app, user.email, user.password) };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authentication read path', () => {
  it('who-am-I answers from the one authentication read: user, roles, matrix and rows', async () => {
    const user = await signedIn(['responder']);
    await t.database.pool.query("INSERT INTO permissions (action, object, person_id) VALUES ('read', 'people', $1)", [
      user.id,
    ]);
    const response = await whoami(user.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: object; roles: string[]; permissions: object[] };
    expect(body.user).toEqual({ id: user.id, name: 'Read Path', email: user.email });
    expect(body.roles).toEqual(['responder']);
    expect(body.permissions).toContainEqual({ resource: 'incident', action: 'write' });
    expect(body.permissions).not.toContainEqual({ resource: 'canaries', action: 'write' });
    expect(body.permissions).toContainEqual({ resource: 'identities', action: 'read' });
  });

  it('an agent token is nobody here, found without asking the database (the agents’ routes authenticate it)', async () => {
    const asked = () => {
      throw new Error('the database was asked');
    };
    const untouched = new Proxy(asked, { get: asked, apply: asked });
    const resolve = createActorResolver({ db: untouched, pool: untouched } as unknown as Database, {} as AccessControl);
    const app = new Hono<AppEnv>().get('/', async (c) => c.json({ actor: (await resolve(c)) ?? null }));
    const response = await app.request('/', { headers: { authorization: `Bearer mca_${'a'.repeat(43)}` } });
    expect(await response.json()).toEqual({ actor: null });
    expect((await whoami(`mca_${'a'.repeat(43)}`)).status).toBe(401);
  });

  it('a revoked session is refused on the next request', async () => {
    const user = await signedIn(['viewer']);
    expect((await whoami(user.token)).status).toBe(200);
    await revokeByTokenHash(t.database.db, sha256(user.token));
    expect((await whoami(user.token)).status).toBe(401);
  });

  it('a role change applies on the next request', async () => {
    const user = await signedIn(['viewer']);
    const incidents = () =>
      t.app.request('/api/incidents', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await incidents()).status).toBe(403);
    await t.database.pool.query("UPDATE casbin_rule SET v1 = 'responder' WHERE ptype = 'g' AND v0 = $1", [user.id]);
    expect((await incidents()).status).toBe(400);
  });

  it('a row stops applying the moment its until passes', async () => {
    const user = await signedIn(['viewer']);
    await t.database.pool.query(
      "INSERT INTO permissions (action, object, person_id, deny, until) VALUES ('read', 'incident', $1, true, now() + interval '1 second')",
      [user.id],
    );
    const list = () => t.app.request('/api/incidents', { headers: { authorization: `Bearer ${user.token}` } });
    expect((await list()).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await list()).status).toBe(200);
  });

  it('a deleted person, an inactive identity and an aal1 session of a second-factor identity count as nobody', async () => {
    const deleted = await signedIn(['admin']);
    await t.database.pool.query('UPDATE people SET deleted_at = now() WHERE id = $1', [deleted.id]);
    expect((await whoami(deleted.token)).status).toBe(401);

    const inactive = await signedIn(['admin']);
    await t.database.pool.query("UPDATE identities SET state = 'inactive' WHERE id = $1", [inactive.id]);
    expect((await whoami(inactive.token)).status).toBe(401);

    const twoFactor = await signedIn(['admin']);
    await t.database.pool.query(
      "INSERT INTO identity_credentials (identity_id, type, config) VALUES ($1, 'totp', '{}'::jsonb)",
      [twoFactor.id],
    );
    expect((await whoami(twoFactor.token)).status).toBe(401);
  });
});
