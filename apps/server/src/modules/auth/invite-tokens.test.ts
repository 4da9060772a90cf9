import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiSignIn, buildUser, type FlowJson } from './testing/auth-factory.js';

describe('invite_user and API tokens', () => {
  let t: TestApp;
  let adminToken: string;
  let viewerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await buildUser(t.database, { roles: ['admin'] });
    const viewer = await buildUser(t.database, { roles: ['viewer'] });
    adminToken = await apiSignIn(t.app, admin.email, admin.password);
    viewerToken = await apiSignIn(t.app, viewer.email, viewer.password);
  });
  afterAll(() => t.close());

  const invite = (body: unknown, token?: string) =>
    t.app.request('/api/auth/invite_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const person = { firstName: 'Ines', lastName: 'Invited', email: 'ines@example.com', role: 'responder' };

  it('invite_user: 401 without a session, 403 for a viewer, 400 with the message for bad input', async () => {
    expect((await invite(person)).status).toBe(401);
    expect((await invite(person, viewerToken)).status).toBe(403);
    const bad = await invite({ ...person, email: 'not-an-email' }, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'bad_request', message: 'Enter a valid email address' });
  });

  it('invite_user: mails a registration link; registering takes the invited role', async () => {
    const response = await invite(person, adminToken);
    expect(response.status).toBe(201);
    expect(t.logs.some((l) => l.includes('ines@example.com') && l.includes('/registration?email='))).toBe(true);
    expect((await invite(person, adminToken)).status).toBe(201);
    const flow = (await (await t.app.request('/api/.ory/self-service/registration/api')).json()) as FlowJson;
    const registered = await t.app.request(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'password',
        traits: { email: person.email, name: { first: 'Ines', last: 'Invited' } },
        password: 'responder passphrase',
      }),
    });
    expect(registered.status).toBe(200);
    const token = ((await registered.json()) as { session_token: string }).session_token;
    const who = await t.app.request('/api/auth/whoami', { headers: { authorization: `Bearer ${token}` } });
    expect(((await who.json()) as { roles: string[] }).roles).toEqual(['responder']);
    expect((await invite(person, adminToken)).status).toBe(409);
  });

  it('API tokens: create (secret once), Bearer auth with the creator’s permissions, list, revoke', async () => {
    expect((await t.app.request('/api/auth/tokens')).status).toBe(401);
    const bad = await t.app.request('/api/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewerToken}` },
      body: JSON.stringify({ name: '' }),
    });
    expect(bad.status).toBe(400);
    const created = await t.app.request('/api/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewerToken}` },
      body: JSON.stringify({ name: 'ci script' }),
    });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: string; token: string };
    expect(token).toMatch(/^mcat_/);
    const who = await t.app.request('/api/auth/whoami', { headers: { authorization: `Bearer ${token}` } });
    expect(((await who.json()) as { roles: string[] }).roles).toEqual(['viewer']);
    expect((await invite(person, token)).status).toBe(403);
    const list = await t.app.request('/api/auth/tokens', { headers: { authorization: `Bearer ${viewerToken}` } });
    const listed = (await list.json()) as { id: string; name: string }[];
    expect(listed.map((x) => x.name)).toEqual(['ci script']);
    expect(JSON.stringify(listed)).not.toContain(token);
    const revoked = await t.app.request(`/api/auth/tokens/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${viewerToken}` },
    });
    expect(revoked.status).toBe(204);
    expect((await t.app.request('/api/auth/whoami', { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
  });
});
