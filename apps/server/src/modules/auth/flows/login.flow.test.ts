import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { apiSignIn, browser, buildUser, csrfOf, type FlowJson } from '../testing/auth-factory.js';

const INVALID = 4000006;
const INVALID_TEXT =
  'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';

describe('login flow (api)', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.database, { roles: ['editor'] });
  });
  afterAll(() => t.close());

  const newApiFlow = async () => (await (await t.app.request('/api/.ory/self-service/login/api')).json()) as FlowJson;
  const submit = (flowId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.request(`/api/.ory/self-service/login?flow=${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('creates an api flow with the password nodes and no csrf node', async () => {
    const flow = await newApiFlow();
    expect(flow.type).toBe('api');
    expect(flow.ui.method).toBe('POST');
    expect(flow.ui.action).toContain(`/api/.ory/self-service/login?flow=${flow.id}`);
    expect(flow.ui.nodes.map((n) => n.attributes.name)).toEqual(['identifier', 'password', 'method']);
    expect(new Date(flow.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('fetches the flow by id, 404 for an unknown id', async () => {
    const flow = await newApiFlow();
    const again = await t.app.request(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(again.status).toBe(200);
    expect(((await again.json()) as FlowJson).id).toBe(flow.id);
    const missing = await t.app.request('/api/.ory/self-service/login/flows?id=00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('answers 400 with the flow and the invalid-credentials message for a wrong password', async () => {
    const flow = await newApiFlow();
    const response = await submit(flow.id, { method: 'password', identifier: user.email, password: 'wrong password!' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as FlowJson;
    expect(body.ui.messages).toEqual([{ id: INVALID, type: 'error', text: INVALID_TEXT }]);
    expect(body.ui.nodes.find((n) => n.attributes.name === 'password')?.attributes.value).toBeUndefined();
  });

  it('says the same for an unknown account', async () => {
    const flow = await newApiFlow();
    const response = await submit(flow.id, {
      method: 'password',
      identifier: 'nobody@example.com',
      password: 'whatever123',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as FlowJson).ui.messages?.[0]?.id).toBe(INVALID);
  });

  it('marks missing fields on their nodes', async () => {
    const flow = await newApiFlow();
    const response = await submit(flow.id, { method: 'password', identifier: '', password: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as FlowJson;
    expect(body.ui.nodes.find((n) => n.attributes.name === 'identifier')?.messages[0]?.text).toBe(
      'Property identifier is missing.',
    );
  });

  it('signs in, returns a session token that whoami accepts, and the read-back session is aal1', async () => {
    const flow = await newApiFlow();
    const response = await submit(flow.id, {
      method: 'password',
      identifier: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      session_token: string;
      session: { identity: { id: string; traits: { email: string } } };
    };
    expect(body.session_token).toMatch(/^ory_st_/);
    expect(body.session.identity.id).toBe(user.id);
    const whoami = await t.app.request('/api/.ory/sessions/whoami', {
      headers: { 'x-session-token': body.session_token },
    });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({
      active: true,
      authenticator_assurance_level: 'aal1',
      identity: { id: user.id },
    });
  });

  it('refuses a new api flow when a session token is already presented', async () => {
    const token = await apiSignIn(t.app, user.email, user.password);
    const response = await t.app.request('/api/.ory/self-service/login/api', { headers: { 'x-session-token': token } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { id: string } }).error.id).toBe('session_already_available');
  });

  it('logs an api session out with DELETE /self-service/logout/api', async () => {
    const token = await apiSignIn(t.app, user.email, user.password);
    const out = await t.app.request('/api/.ory/self-service/logout/api', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token: token }),
    });
    expect(out.status).toBe(204);
    const whoami = await t.app.request('/api/.ory/sessions/whoami', { headers: { authorization: `Bearer ${token}` } });
    expect(whoami.status).toBe(401);
    expect(((await whoami.json()) as { error: { id: string } }).error.id).toBe('session_inactive');
  });

  it('answers an expired flow with 410 self_service_flow_expired and a fresh flow id', async () => {
    const flow = await newApiFlow();
    await sql`UPDATE selfservice_flows SET expires_at = now() - interval '5 minutes' WHERE id = ${flow.id}`.execute(
      t.database.db,
    );
    const response = await submit(flow.id, { method: 'password', identifier: user.email, password: user.password });
    expect(response.status).toBe(410);
    const body = (await response.json()) as { error: { id: string; code: number }; use_flow_id: string };
    expect(body.error).toMatchObject({ id: 'self_service_flow_expired', code: 410 });
    const fresh = (await (
      await t.app.request(`/api/.ory/self-service/login/flows?id=${body.use_flow_id}`)
    ).json()) as FlowJson;
    expect(fresh.ui.messages?.[0]?.id).toBe(4010001);
  });

  it('rejects a return_to outside the allow-list', async () => {
    const response = await t.app.request('/api/.ory/self-service/login/api?return_to=https://evil.example.com/x');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { id: string } };
    expect(body.error.id).toBe('self_service_flow_return_to_forbidden');
  });

  it('rate-limits repeated wrong passwords with the same 429 answer for known and unknown accounts', async () => {
    const victim = await buildUser(t.database);
    const answers: { status: number; id?: number }[] = [];
    for (const identifier of [victim.email, 'ghost@example.com']) {
      for (let i = 0; i < 6; i += 1) {
        const flow = await newApiFlow();
        const response = await submit(flow.id, { method: 'password', identifier, password: `wrong-${i}-password` });
        answers.push({ status: response.status, id: ((await response.json()) as FlowJson).ui.messages?.[0]?.id });
      }
    }
    const known = answers.slice(0, 6);
    const unknown = answers.slice(6);
    expect(known).toEqual(unknown);
    expect(known.slice(0, 4).every((a) => a.status === 400 && a.id === INVALID)).toBe(true);
    expect(known[4]).toEqual({ status: 429, id: 4000034 });
    expect(known[5]).toEqual({ status: 429, id: 4000034 });
    const flow = await newApiFlow();
    const locked = await submit(flow.id, { method: 'password', identifier: victim.email, password: victim.password });
    expect(locked.status).toBe(429);
  });
});

describe('login flow (browser)', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.database);
  });
  afterAll(() => t.close());

  it('sets an HttpOnly SameSite=Lax CSRF cookie and puts the token in a hidden node', async () => {
    const b = browser(t.app);
    const { status, body, response } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    expect(status).toBe(200);
    expect(body.type).toBe('browser');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('csrf_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(csrfOf(body)).toBe(b.jar.get('csrf_token'));
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('redirects a plain navigation to the console login page with the flow id', async () => {
    const response = await t.app.request('/api/.ory/self-service/login/browser?return_to=/incidents');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/\/login\?flow=[0-9a-f-]{36}$/);
  });

  it('rejects a submission without the CSRF token, or with a wrong one, with security_csrf_violation', async () => {
    const b = browser(t.app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    const post = (csrf: string | undefined) =>
      b.json<{ error: { id: string; code: number } }>(`/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        body: JSON.stringify({ method: 'password', identifier: user.email, password: user.password, csrf_token: csrf }),
      });
    const missing = await post(undefined);
    expect(missing.status).toBe(403);
    expect(missing.body.error.id).toBe('security_csrf_violation');
    expect((await post('x'.repeat(43))).status).toBe(403);
    b.jar.delete('csrf_token');
    expect((await post(csrfOf(flow))).status).toBe(403);
  });

  it('signs in: session cookie HttpOnly SameSite=Lax (Secure only over TLS), and continue_with to return_to', async () => {
    const b = browser(t.app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?return_to=/incidents');
    const response = await b.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      body: JSON.stringify({
        method: 'password',
        identifier: user.email,
        password: user.password,
        csrf_token: csrfOf(flow),
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ory_kratos_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const body = (await response.json()) as {
      continue_with: { redirect_browser_to?: string }[];
      session_token?: string;
    };
    expect(body.session_token).toBeUndefined();
    expect(body.continue_with.at(-1)?.redirect_browser_to).toMatch(/\/incidents$/);
    const whoami = await b.json<{ identity: { id: string } }>('/api/.ory/sessions/whoami');
    expect(whoami.body.identity.id).toBe(user.id);
  });

  it('marks cookies Secure behind TLS', async () => {
    const b = browser(t.app);
    const { response } = await b.json<FlowJson>('/api/.ory/self-service/login/browser', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('csrf_token='))).toMatch(/Secure/);
  });

  it('answers session_already_available when signed in, and a refresh flow asks for the password again', async () => {
    const b = browser(t.app);
    await b.signIn(user.email, user.password);
    const again = await b.json<{ error: { id: string } }>('/api/.ory/self-service/login/browser');
    expect(again.status).toBe(400);
    expect(again.body.error.id).toBe('session_already_available');
    const refresh = await b.json<FlowJson>('/api/.ory/self-service/login/browser?refresh=true');
    expect(refresh.status).toBe(200);
    expect(refresh.body.refresh).toBe(true);
    expect(refresh.body.ui.messages?.[0]?.id).toBe(1010003);
    const identifier = refresh.body.ui.nodes.find((n) => n.attributes.name === 'identifier');
    expect(identifier?.attributes).toMatchObject({ type: 'hidden', value: user.email });
  });

  it('rotates the session on sign-in: a refresh issues a new token and ends the old one', async () => {
    const b = browser(t.app);
    await b.signIn(user.email, user.password);
    const before = b.jar.get('ory_kratos_session') as string;
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?refresh=true');
    const response = await b.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      body: JSON.stringify({
        method: 'password',
        identifier: user.email,
        password: user.password,
        csrf_token: csrfOf(flow),
      }),
    });
    expect(response.status).toBe(200);
    const after = b.jar.get('ory_kratos_session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const old = await t.app.request('/api/.ory/sessions/whoami', { headers: { 'x-session-token': before } });
    expect(old.status).toBe(401);
  });

  it('logs out with the logout URL and token, then whoami is 401', async () => {
    const b = browser(t.app);
    await b.signIn(user.email, user.password);
    const { status, body } = await b.json<{ logout_url: string; logout_token: string }>(
      '/api/.ory/self-service/logout/browser',
    );
    expect(status).toBe(200);
    expect(body.logout_url).toContain(`token=${body.logout_token}`);
    const path = new URL(body.logout_url).pathname + new URL(body.logout_url).search;
    const out = await b.request(path);
    expect(out.status).toBe(204);
    expect((await b.json('/api/.ory/sessions/whoami')).status).toBe(401);
  });

  it('sends a plain browser form post with a bad CSRF token to the flow-error page, whose error is readable', async () => {
    const b = browser(t.app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    const response = await t.app.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: b.jar.header() },
      body: new URLSearchParams({
        method: 'password',
        identifier: user.email,
        password: user.password,
        csrf_token: 'bad',
      }).toString(),
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') as string);
    expect(location.pathname).toBe('/error');
    const error = await t.app.request(`/api/.ory/self-service/errors?id=${location.searchParams.get('id')}`);
    expect(error.status).toBe(200);
    expect(((await error.json()) as { error: { id: string } }).error.id).toBe('security_csrf_violation');
  });
});
