import { USER_MESSAGES } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildUser } from '../auth/testing/auth-factory.js';

let t: TestApp;
let admin: { id: string; token: string };
let editorToken: string;

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  apiCall(t.app, method, path, token, body);
const signedIn = (roles: string[]) => signedInUser(t, { roles });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(['admin']);
  editorToken = (await signedIn(['editor'])).token;
});
afterAll(() => t.close());

describe('POST /api/rbac/{id}/update_role', () => {
  it('401 without a session, 403 for an editor, 400 on bad input, 404 for nobody', async () => {
    const target = await buildUser(t.database, { roles: ['viewer'] });
    expect((await call('POST', `/api/rbac/${target.id}/update_role`, null, { role: 'editor' })).status).toBe(401);
    expect((await call('POST', `/api/rbac/${target.id}/update_role`, editorToken, { role: 'editor' })).status).toBe(
      403,
    );
    const bad = await call('POST', `/api/rbac/${target.id}/update_role`, admin.token, { role: 'overlord' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Choose a role' });
    expect((await call('POST', `/api/rbac/${target.id}/update_role`, admin.token, 'nope')).status).toBe(400);
    expect((await call('POST', '/api/rbac/not-a-uuid/update_role', admin.token, { role: 'editor' })).status).toBe(400);
    const missing = await call('POST', '/api/rbac/00000000-0000-4000-8000-000000000000/update_role', admin.token, {
      role: 'editor',
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: USER_MESSAGES.notFound });
  });

  it("replaces the role; the person's next request already has it", async () => {
    const target = await signedIn(['viewer']);
    expect((await call('POST', '/api/incidents', target.token, {})).status).toBe(403);
    const changed = await call('POST', `/api/rbac/${target.id}/update_role`, admin.token, { role: 'editor' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: target.id, roles: ['editor'] });
    const whoami = (await (await call('GET', '/api/auth/whoami', target.token)).json()) as { roles: string[] };
    expect(whoami.roles).toEqual(['editor']);
    const { rows } = await t.database.pool.query(
      "SELECT action, target FROM audit_log WHERE target = 'people' AND $1 = ANY(target_ids)",
      [target.id],
    );
    expect(rows).toEqual([{ action: 'rbac.update_role', target: 'people' }]);
  });

  it("refuses changing one's own role", async () => {
    const self = await call('POST', `/api/rbac/${admin.id}/update_role`, admin.token, { role: 'viewer' });
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: USER_MESSAGES.cannotDemoteSelf });
  });
});

describe('DELETE /api/people/{id}', () => {
  it('401, 403 for an editor, 400 for a bad id or oneself, 404 for nobody', async () => {
    const target = await buildUser(t.database);
    expect((await call('DELETE', `/api/people/${target.id}`, null)).status).toBe(401);
    expect((await call('DELETE', `/api/people/${target.id}`, editorToken)).status).toBe(403);
    expect((await call('DELETE', '/api/people/x', admin.token)).status).toBe(400);
    const self = await call('DELETE', `/api/people/${admin.id}`, admin.token);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: USER_MESSAGES.cannotDeleteSelf });
    expect((await call('DELETE', '/api/people/00000000-0000-4000-8000-000000000000', admin.token)).status).toBe(404);
  });

  it("ends the person's sessions and access at once, hides them, and frees the email for a new invite", async () => {
    const target = await signedIn(['editor']);
    expect((await call('GET', '/api/auth/whoami', target.token)).status).toBe(200);
    expect((await call('DELETE', `/api/people/${target.id}`, admin.token)).status).toBe(204);
    expect((await call('GET', '/api/auth/whoami', target.token)).status).toBe(401);
    const people = (await (await call('GET', `/api/db/people_roles?id=eq.${target.id}`, admin.token)).json()) as [];
    expect(people).toEqual([]);
    expect((await call('DELETE', `/api/people/${target.id}`, admin.token)).status).toBe(404);
    const invite = await call('POST', '/api/auth/invite_user', admin.token, {
      firstName: 'Again',
      lastName: 'Here',
      email: target.email,
      role: 'viewer',
    });
    expect(invite.status).toBe(201);
  });

  it('keeps the last admin: neither demoted nor deleted', async () => {
    await t.database.pool.query("DELETE FROM casbin_rule WHERE ptype = 'g' AND v1 = 'admin' AND v0 <> $1", [admin.id]);
    const manager = await signedIn(['editor']);
    for (const object of ['rbac', 'people'])
      await t.database.pool.query("INSERT INTO permissions (action, object, person_id) VALUES ('*', $1, $2)", [
        object,
        manager.id,
      ]);
    const demote = await call('POST', `/api/rbac/${admin.id}/update_role`, manager.token, { role: 'viewer' });
    expect(demote.status).toBe(409);
    expect(await demote.json()).toMatchObject({ message: USER_MESSAGES.lastAdmin });
    const remove = await call('DELETE', `/api/people/${admin.id}`, manager.token);
    expect(remove.status).toBe(409);
    expect((await call('POST', `/api/rbac/${admin.id}/update_role`, manager.token, { role: 'admin' })).status).toBe(
      200,
    );
  });
});
