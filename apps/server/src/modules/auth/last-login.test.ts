import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiSignIn, buildUser } from './testing/auth-factory.js';

/** The Users page reads `last_login` from people_roles; a sign-in must write it (issue 12 §6). */
describe('last login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const lastLoginOf = async (token: string, id: string) => {
    const response = await t.app.request(`/api/db/people_roles?select=id,last_login&id=eq.${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const rows = (await response.json()) as { id: string; last_login: string | null }[];
    return rows[0]?.last_login ?? null;
  };

  it('is written by every sign-in and read on the Users page’s people_roles', async () => {
    const admin = await buildUser(t.database, { roles: ['admin'] });
    const user = await buildUser(t.database, { roles: ['viewer'] });
    const adminToken = await apiSignIn(t.app, admin.email, admin.password);
    expect(await lastLoginOf(adminToken, user.id)).toBeNull();

    const before = Date.now();
    await apiSignIn(t.app, user.email, user.password);
    const first = await lastLoginOf(adminToken, user.id);
    expect(first).not.toBeNull();
    expect(new Date(first as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await apiSignIn(t.app, user.email, user.password);
    const second = await lastLoginOf(adminToken, user.id);
    expect(new Date(second as string).getTime()).toBeGreaterThan(new Date(first as string).getTime());
  });
});
