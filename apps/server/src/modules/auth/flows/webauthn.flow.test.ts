import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { browser, buildUser, csrfOf, type FlowJson } from '../testing/auth-factory.js';
import { challengeOf, virtualAuthenticator } from '../testing/virtual-authenticator.js';

type Browser = ReturnType<typeof browser>;
type Node = FlowJson['ui']['nodes'][number] & {
  attributes: { onclick?: string; onclickTrigger?: string };
  meta: { label?: { id: number; text: string } };
};

describe('WebAuthn: security keys in settings and as the second factor', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  const key = virtualAuthenticator('http://localhost');

  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.database, { roles: ['viewer'] });
  });
  afterAll(() => t.close());

  const post = (b: Browser, kind: string, flow: FlowJson, body: Record<string, unknown>) =>
    b.json<FlowJson & { error?: { id: string } }>(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
      method: 'POST',
      body: JSON.stringify({ ...body, csrf_token: csrfOf(flow) }),
    });
  const node = (flow: FlowJson, name: string) =>
    (flow.ui.nodes as Node[]).find((n) => n.attributes.name === name) as Node;
  const aal2Flow = async (b: Browser) => {
    expect((await b.signIn(user.email, user.password)).status).toBe(200);
    return (await b.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2')).body;
  };

  it('offers the Kratos registration nodes; a wrong answer is 400 with the message', async () => {
    const b = browser(t.app);
    await b.signIn(user.email, user.password);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/settings/browser');
    const trigger = node(flow, 'webauthn_register_trigger');
    expect(trigger).toMatchObject({ group: 'webauthn', attributes: { type: 'button' } });
    expect(trigger.attributes.onclickTrigger).toBe('oryWebAuthnRegistration');
    expect(trigger.attributes.onclick).toMatch(/^window\.oryWebAuthnRegistration\(\{"publicKey":/);
    expect(node(flow, 'webauthn_register_displayname').meta.label?.text).toBe('Name of the security key');
    expect(node(flow, 'webauthn_register').attributes.type).toBe('hidden');
    const bad = await post(b, 'settings', flow, { method: 'webauthn', webauthn_register: '{"id":"nope"}' });
    expect(bad.status).toBe(400);
    expect(node(bad.body, 'webauthn_register_displayname').messages[0]?.id).toBe(4000001);
  });

  it('registers a key against the flow challenge; the session is rotated to aal2', async () => {
    const b = browser(t.app);
    await b.signIn(user.email, user.password);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/settings/browser');
    const challenge = challengeOf(String(node(flow, 'webauthn_register_trigger').attributes.onclick));
    const before = b.jar.get('ory_kratos_session');
    const ok = await post(b, 'settings', flow, {
      method: 'webauthn',
      webauthn_register_displayname: 'Desk key',
      webauthn_register: key.register(challenge),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.ui.messages?.[0]?.id).toBe(1050001);
    expect(node(ok.body, 'webauthn_remove')).toMatchObject({ attributes: { value: key.id } });
    expect(node(ok.body, 'webauthn_remove').meta.label?.text).toBe('Remove security key "Desk key"');
    expect(b.jar.get('ory_kratos_session')).not.toBe(before);
    const who = await b.json<{ authenticator_assurance_level: string }>('/api/.ory/sessions/whoami');
    expect(who.body.authenticator_assurance_level).toBe('aal2');
    const replay = await post(b, 'settings', ok.body, {
      method: 'webauthn',
      webauthn_register: key.register(challenge),
    });
    expect(replay.status).toBe(400);
  });

  it('a password alone is aal1 now; the key signs the second factor in, once per challenge', async () => {
    const b = browser(t.app);
    const flow = await aal2Flow(b);
    expect((await b.json('/api/.ory/sessions/whoami')).status).toBe(403);
    const trigger = node(flow, 'webauthn_login_trigger');
    expect(trigger.attributes.onclickTrigger).toBe('oryWebAuthnLogin');
    expect(trigger.meta.label?.text).toBe('Sign in with hardware key');
    const answer = key.authenticate(challengeOf(String(trigger.attributes.onclick)));
    const ok = await post(b, 'login', flow, { method: 'webauthn', webauthn_login: answer });
    expect(ok.status).toBe(200);
    const who = await b.json<{ authenticator_assurance_level: string; authentication_methods: { method: string }[] }>(
      '/api/.ory/sessions/whoami',
    );
    expect(who.body.authenticator_assurance_level).toBe('aal2');
    expect(who.body.authentication_methods.map((m) => m.method)).toEqual(['password', 'webauthn']);

    const other = browser(t.app);
    const next = await aal2Flow(other);
    const replay = await post(other, 'login', next, { method: 'webauthn', webauthn_login: answer });
    expect(replay.status).toBe(400);
    expect(replay.body.ui.messages?.[0]?.id).toBe(4000001);
  });

  it('stores only the public key, never answers the credential, and removes the key', async () => {
    const { rows } = await sql<{ config: { credentials: Record<string, unknown>[] } }>`
      SELECT config FROM identity_credentials WHERE type = 'webauthn' AND identity_id = ${user.id}`.execute(
      t.database.db,
    );
    expect(Object.keys(rows[0]?.config.credentials[0] ?? {}).sort()).toEqual([
      'added_at',
      'counter',
      'display_name',
      'id',
      'public_key',
      'transports',
    ]);
    const b = browser(t.app);
    const flow = await aal2Flow(b);
    const trigger = node(flow, 'webauthn_login_trigger');
    await post(b, 'login', flow, {
      method: 'webauthn',
      webauthn_login: key.authenticate(challengeOf(String(trigger.attributes.onclick))),
    });
    const { body: settings } = await b.json<FlowJson>('/api/.ory/self-service/settings/browser');
    expect(JSON.stringify(settings)).not.toContain(String(rows[0]?.config.credentials[0]?.public_key));
    const removed = await post(b, 'settings', settings, { webauthn_remove: key.id });
    expect(removed.status).toBe(200);
    expect(node(removed.body, 'webauthn_remove')).toBeUndefined();
    const left =
      await sql`SELECT 1 FROM identity_credentials WHERE type = 'webauthn' AND identity_id = ${user.id}`.execute(
        t.database.db,
      );
    expect(left.rows).toHaveLength(0);
  });
});
