import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Created = { id: string; token: string; name: string; expires_at: string | null };

/** API tokens (issue 11 "Tests cannot vanish"): create, act as the creator, expire, revoke, never mint tokens. */
describe('API tokens', () => {
  let t: TestApp;
  let viewer: { id: string; token: string };
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await signedInUser(t, { roles: ['viewer'] });
    admin = await signedInUser(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const create = async (session: string, body: unknown) => {
    const answer = await apiCall(t.app, 'POST', '/api/auth/tokens', session, body);
    return { status: answer.status, body: (await answer.json()) as Created & { message?: string } };
  };

  it('401 without a session; 400 with the message for a bad name or lifetime', async () => {
    expect((await apiCall(t.app, 'GET', '/api/auth/tokens', null)).status).toBe(401);
    expect((await apiCall(t.app, 'POST', '/api/auth/tokens', null, { name: 'x' })).status).toBe(401);
    const blank = await create(viewer.token, { name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBeTruthy();
    expect((await create(viewer.token, { name: 'x', expiresInDays: -3 })).status).toBe(400);
    expect((await apiCall(t.app, 'POST', '/api/auth/tokens', viewer.token, '{"name":')).status).toBe(400);
  });

  it('the secret is shown once; the token acts with its creator’s current roles, never more', async () => {
    const created = await create(viewer.token, { name: 'ci script' });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^mcat_/);
    const who = await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token);
    expect(((await who.json()) as { roles: string[] }).roles).toEqual(['viewer']);
    const invite = await apiCall(t.app, 'POST', '/api/auth/invite_user', created.body.token, {
      firstName: 'A',
      lastName: 'B',
      email: 'by-token@example.com',
      role: 'admin',
    });
    expect(invite.status).toBe(403);
    const list = await apiCall(t.app, 'GET', '/api/auth/tokens', viewer.token);
    const text = await list.text();
    expect(text).toContain('ci script');
    expect(text).not.toContain(created.body.token);
    const { rows } = await sql<{ value_hash: string }>`SELECT value_hash FROM access_tokens`.execute(t.database.db);
    expect(rows.every((r) => r.value_hash !== created.body.token)).toBe(true);
  });

  it('a token cannot mint, list or revoke tokens: 403 with a message', async () => {
    const created = await create(admin.token, { name: 'automation' });
    const minted = await create(created.body.token, { name: 'child' });
    expect(minted.status).toBe(403);
    expect(minted.body.message).toBe('API tokens cannot manage API tokens; sign in instead');
    expect((await apiCall(t.app, 'GET', '/api/auth/tokens', created.body.token)).status).toBe(403);
    const revoke = await apiCall(t.app, 'DELETE', `/api/auth/tokens/${created.body.id}`, created.body.token);
    expect(revoke.status).toBe(403);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM access_tokens WHERE name = 'child'`.execute(t.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('an expired token is refused (401) from the moment it expires', async () => {
    const created = await create(viewer.token, { name: 'short lived', expiresInDays: 1 });
    expect(created.status).toBe(201);
    expect(Date.parse(String(created.body.expires_at)) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token)).status).toBe(200);
    await sql`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = ${created.body.id}`.execute(
      t.database.db,
    );
    const expired = await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
  });

  it('revocation: the owner revokes (204, audited), the token stops at once; nobody else can revoke it (404)', async () => {
    const created = await create(viewer.token, { name: 'to revoke' });
    const stranger = await apiCall(t.app, 'DELETE', `/api/auth/tokens/${created.body.id}`, admin.token);
    expect(stranger.status).toBe(404);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token)).status).toBe(200);
    const revoked = await apiCall(t.app, 'DELETE', `/api/auth/tokens/${created.body.id}`, viewer.token);
    expect(revoked.status).toBe(204);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token)).status).toBe(401);
    expect((await apiCall(t.app, 'DELETE', `/api/auth/tokens/${created.body.id}`, viewer.token)).status).toBe(404);
    expect((await apiCall(t.app, 'DELETE', '/api/auth/tokens/not-a-uuid', viewer.token)).status).toBe(404);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE target = 'access_tokens' AND ${created.body.id} = ANY(target_ids)`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('a deleted person’s tokens stop working', async () => {
    const person = await signedInUser(t, { roles: ['editor'] });
    const created = await create(person.token, { name: 'orphan' });
    expect((await apiCall(t.app, 'DELETE', `/api/people/${person.id}`, admin.token)).status).toBe(204);
    expect((await apiCall(t.app, 'GET', '/api/auth/whoami', created.body.token)).status).toBe(401);
  });
});
