import { USER_MESSAGES } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** `POST /api/people/update` (000 §7, upstream's user form), with real sessions on both engines. */
let t: TestApp;
let admin: { id: string; token: string };

const update = (token: string | null, body: unknown) => apiCall(t.app, 'POST', '/api/people/update', token, body);
const signedIn = (roles: string[]) => signedInUser(t, { roles });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const whoami = async (token: string) =>
  (await (await apiCall(t.app, 'GET', '/api/auth/whoami', token)).json()) as {
    user: { name: string; avatar?: string };
    roles: string[];
  };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(['admin']);
});
afterAll(() => t.close());

describe('POST /api/people/update', () => {
  it('401 without a session, 403 to an editor, 400 naming bad input, 404 for nobody', async () => {
    const target = await signedIn(['viewer']);
    expect((await update(null, { id: target.id, name: 'X' })).status).toBe(401);
    expect((await update((await signedIn(['editor'])).token, { id: target.id, name: 'X' })).status).toBe(403);
    const bad = async (body: unknown) => {
      const res = await update(admin.token, body);
      expect(res.status).toBe(400);
      return messageOf(res);
    };
    expect(await bad({ id: target.id, role: 'overlord' })).toMatch(/^role: role must be one of admin/);
    expect(await bad({ id: target.id, avatar: 'javascript:alert(1)' })).toMatch(/avatar must be an http\(s\) URL/);
    expect(await bad({ id: target.id, colour: 'red' })).toMatch(/colour/);
    expect(await bad({ name: 'No Id' })).toMatch(/^id: /);
    expect(await bad({ id: target.id, name: 'A B', firstName: 'A' })).toBe(USER_MESSAGES.nameAndParts);
    expect(await bad({ id: target.id, email: 'someone-else@example.com' })).toBe(USER_MESSAGES.emailNotChangedHere);
    const missing = await update(admin.token, { id: '00000000-0000-4000-8000-000000000000', name: 'Nobody' });
    expect([missing.status, await messageOf(missing)]).toEqual([404, USER_MESSAGES.notFound]);
  });

  it('changes name, avatar and role as the form sends them; the person sees it at once; audited', async () => {
    const target = await signedIn(['viewer']);
    const { rows } = await t.database.pool.query<{ email: string }>('SELECT email FROM people WHERE id = $1', [
      target.id,
    ]);
    const email = rows[0]?.email ?? '';
    const res = await update(admin.token, {
      id: target.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: email.toUpperCase(),
      role: 'editor',
      active: true,
      avatar: 'https://images.example.com/grace.png',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: target.id,
      email,
      name: { first: 'Grace', last: 'Hopper' },
      avatar: 'https://images.example.com/grace.png',
      roles: ['editor'],
      active: true,
    });
    expect(await whoami(target.token)).toMatchObject({
      user: { name: 'Grace Hopper', avatar: 'https://images.example.com/grace.png' },
      roles: ['editor'],
    });
    const renamed = await update(admin.token, { id: target.id, name: 'Rear Admiral Hopper', avatar: null });
    expect(await renamed.json()).toMatchObject({ name: { first: 'Rear', last: 'Admiral Hopper' }, avatar: null });
    const traits = await t.database.pool.query('SELECT traits FROM identities WHERE id = $1', [target.id]);
    expect(traits.rows[0].traits.name).toEqual({ first: 'Rear', last: 'Admiral Hopper' });
    const audit = await t.database.pool.query(
      "SELECT action FROM audit_log WHERE target = 'people' AND $1 = ANY(target_ids) ORDER BY created_at",
      [target.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['people.update', 'people.update']);
  });

  it('deactivating ends the person’s sessions; activating lets them sign in again', async () => {
    const target = await signedIn(['viewer']);
    expect((await update(admin.token, { id: target.id, active: false })).status).toBe(200);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', target.token)).status).toBe(401);
    const state = await t.database.pool.query('SELECT state FROM identities WHERE id = $1', [target.id]);
    expect(state.rows[0].state).toBe('inactive');
    expect(await (await update(admin.token, { id: target.id, active: true })).json()).toMatchObject({ active: true });
  });

  it('an admin saves their own name with their role unchanged, but not another role or deactivation', async () => {
    const own = await update(admin.token, { id: admin.id, firstName: 'Ada', lastName: 'Admin', role: 'admin' });
    expect([own.status, (await whoami(admin.token)).user.name]).toEqual([200, 'Ada Admin']);
    const demote = await update(admin.token, { id: admin.id, role: 'viewer' });
    expect([demote.status, await messageOf(demote)]).toEqual([400, USER_MESSAGES.cannotDemoteSelf]);
    const off = await update(admin.token, { id: admin.id, active: false });
    expect([off.status, await messageOf(off)]).toEqual([400, USER_MESSAGES.cannotDeactivateSelf]);
  });

  it('keeps the last admin: neither demoted nor deactivated', async () => {
    await t.database.pool.query("DELETE FROM casbin_rule WHERE ptype = 'g' AND v1 = 'admin' AND v0 <> $1", [admin.id]);
    const manager = await signedIn(['editor']);
    for (const object of ['rbac', 'people'])
      await t.database.pool.query("INSERT INTO permissions (action, object, person_id) VALUES ('*', $1, $2)", [
        object,
        manager.id,
      ]);
    for (const change of [{ role: 'viewer' }, { active: false }]) {
      const res = await update(manager.token, { id: admin.id, ...change });
      expect([res.status, await messageOf(res)]).toEqual([409, USER_MESSAGES.lastAdmin]);
    }
    expect((await update(manager.token, { id: admin.id, role: 'admin', active: true })).status).toBe(200);
  });
});
