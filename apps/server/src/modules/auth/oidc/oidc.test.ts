import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModules } from '../../../composition/register-routes.js';
import { createApp } from '../../../platform/app.js';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { apiCall } from '../../../test/signed-in-api.js';
import { apiSignIn, browser, buildUser, csrfOf, type FlowJson } from '../testing/auth-factory.js';
import { startOidcProviderDouble } from '../testing/oidc-provider-double.js';
import { oidcProviders } from './oidc-providers.js';

type Browser = ReturnType<typeof browser>;
type Answer = FlowJson & { error?: { id: string }; redirect_browser_to?: string };
type Node = FlowJson['ui']['nodes'][number] & { meta: { label?: { id: number; text: string } } };

describe('social sign-in through OpenID Connect (against a local provider test double)', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let idp: Awaited<ReturnType<typeof startOidcProviderDouble>>;
  let owner: { id: string; email: string; password: string };

  beforeAll(async () => {
    idp = await startOidcProviderDouble({ id: 'mc-client', secret: 'mc-secret' });
    database = await createTestDatabase();
    const providers = [
      { id: 'test', label: 'Test IdP', issuer: idp.issuer, client_id: 'mc-client', client_secret: 'mc-secret' },
    ];
    const config = loadConfig({ MC_OIDC_PROVIDERS: JSON.stringify(providers) });
    const deps = { config, database, logger: createLogger('error', {}, () => {}), version: 'test' };
    app = createApp({ ...deps, registerModules: (router) => registerModules(router, deps) });
    owner = await buildUser(database, { roles: ['editor'] });
  });
  afterAll(async () => {
    await database.close();
    await idp.close();
  });

  const post = (b: Browser, kind: string, flow: FlowJson, body: Record<string, unknown>) =>
    b.json<Answer>(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
      method: 'POST',
      body: JSON.stringify({ ...body, csrf_token: csrfOf(flow) }),
    });
  /** Follows the provider's authorize redirect and answers the callback path it sends the browser to. */
  const authorize = async (redirect: string | undefined) => {
    const answer = await fetch(String(redirect), { redirect: 'manual' });
    const location = new URL(String(answer.headers.get('location')));
    return `${location.pathname}${location.search}`;
  };
  const startLogin = async (b: Browser) => {
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    const started = await post(b, 'login', flow, { method: 'oidc', provider: 'test' });
    return { flow, started };
  };

  it('offers "Sign in with" and "Sign up with" nodes in browser flows, none in api flows', async () => {
    const b = browser(app);
    const { body: login } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    const node = (login.ui.nodes as Node[]).find((n) => n.group === 'oidc');
    expect(node).toMatchObject({ attributes: { name: 'provider', value: 'test', type: 'submit' } });
    expect(node?.meta.label).toMatchObject({ id: 1010002, text: 'Sign in with Test IdP' });
    const { body: registration } = await b.json<FlowJson>('/api/.ory/self-service/registration/browser');
    expect((registration.ui.nodes as Node[]).find((n) => n.group === 'oidc')?.meta.label?.id).toBe(1040002);
    const api = (await (await app.request('/api/.ory/self-service/login/api')).json()) as FlowJson;
    expect(api.ui.nodes.some((n) => n.group === 'oidc')).toBe(false);
  });

  it('redirects to the provider with state, nonce and PKCE; the callback registers and signs the person in', async () => {
    idp.signInAs({
      sub: 'new-1',
      email: 'Social.Person@example.com',
      email_verified: true,
      given_name: 'So',
      family_name: 'Cial',
    });
    const b = browser(app);
    const { flow, started } = await startLogin(b);
    expect(started.status).toBe(422);
    expect(started.body.error?.id).toBe('browser_location_change_required');
    const url = new URL(String(started.body.redirect_browser_to));
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
    expect(url.searchParams.get('state')?.startsWith(`${flow.id}.`)).toBe(true);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(JSON.stringify(started.body)).not.toContain('verifier');
    const callback = await authorize(started.body.redirect_browser_to);
    const done = await b.request(callback);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost');
    const who = await b.json<{
      authentication_methods: { method: string }[];
      identity: { traits: unknown; verifiable_addresses: { verified: boolean }[] };
    }>('/api/.ory/sessions/whoami');
    expect(who.status).toBe(200);
    expect(who.body.authentication_methods[0]?.method).toBe('oidc');
    expect(who.body.identity.traits).toEqual({
      email: 'social.person@example.com',
      name: { first: 'So', last: 'Cial' },
    });
    expect(who.body.identity.verifiable_addresses[0]?.verified).toBe(true);
    expect((await b.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['guest']);

    const replay = await browser(app, b.jar).request(callback);
    expect(replay.status).toBe(400);
  });

  it('refuses a callback from another browser (no CSRF cookie) or with a forged state', async () => {
    idp.signInAs({ sub: 'new-1', email: 'social.person@example.com' });
    const b = browser(app);
    const { started } = await startLogin(b);
    const callback = await authorize(started.body.redirect_browser_to);
    const stranger = await browser(app).json<{ error: { id: string } }>(callback);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.id).toBe('security_csrf_violation');
    const forged = await b.request(callback.replace(/state=([^&.]+)\.[^&]+/, 'state=$1.forged'));
    expect(forged.status).toBe(400);
    expect((await b.request(callback)).status).toBe(303);
  });

  it('does not sign an existing account in by email alone: back to /login with Kratos message 4000027', async () => {
    idp.signInAs({ sub: 'someone-else', email: owner.email, email_verified: true });
    const b = browser(app);
    const { flow, started } = await startLogin(b);
    const done = await b.request(await authorize(started.body.redirect_browser_to));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`http://localhost/login?flow=${flow.id}`);
    const { body } = await b.json<FlowJson>(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(body.ui.messages?.[0]?.id).toBe(4000027);
    expect((await b.json('/api/.ory/sessions/whoami')).status).toBe(401);
  });

  it('links a provider in settings, signs in with it, and unlinks it; the last sign-in method cannot be unlinked', async () => {
    idp.signInAs({ sub: 'owner-sub', email: 'owner-at-idp@example.com' });
    const b = browser(app);
    await b.signIn(owner.email, owner.password);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/settings/browser');
    const link = (flow.ui.nodes as Node[]).find((n) => n.group === 'oidc');
    expect(link).toMatchObject({
      attributes: { name: 'link', value: 'test' },
      meta: { label: { id: 1050002, text: 'Link Test IdP' } },
    });
    const started = await post(b, 'settings', flow, { link: 'test' });
    expect(started.status).toBe(422);
    const done = await b.request(await authorize(started.body.redirect_browser_to));
    expect(done.headers.get('location')).toBe(`http://localhost/profile-settings?flow=${flow.id}`);
    const { body: linked } = await b.json<FlowJson>(`/api/.ory/self-service/settings/flows?id=${flow.id}`);
    expect(linked.ui.messages?.[0]?.id).toBe(1050001);
    expect((linked.ui.nodes as Node[]).find((n) => n.group === 'oidc')?.meta.label?.text).toBe('Unlink Test IdP');

    const social = browser(app);
    const { started: again } = await startLogin(social);
    await social.request(await authorize(again.body.redirect_browser_to));
    expect((await social.json<{ user: { id: string } }>('/api/auth/whoami')).body.user.id).toBe(owner.id);

    const unlinked = await post(b, 'settings', linked, { unlink: 'test' });
    expect(unlinked.status).toBe(200);
    expect((unlinked.body.ui.nodes as Node[]).find((n) => n.group === 'oidc')?.attributes.name).toBe('link');

    const only = browser(app);
    idp.signInAs({ sub: 'new-1', email: 'social.person@example.com' });
    const { started: third } = await startLogin(only);
    await only.request(await authorize(third.body.redirect_browser_to));
    const { body: own } = await only.json<FlowJson>('/api/.ory/self-service/settings/browser');
    const last = await post(only, 'settings', own, { unlink: 'test' });
    expect(last.status).toBe(400);
    const { rows } = await sql`SELECT 1 FROM identity_credentials WHERE type = 'oidc'`.execute(database.db);
    expect(rows).toHaveLength(1);
  });

  it('an invitation’s role needs a provider-verified address; an unverified one gets the default role (issue 11)', async () => {
    const admin = await buildUser(database, { roles: ['admin'] });
    const adminToken = await apiSignIn(app, admin.email, admin.password);
    for (const [email, role] of [
      ['unverified.invitee@example.com', 'admin'],
      ['verified.invitee@example.com', 'editor'],
    ] as const) {
      const invited = await apiCall(app, 'POST', '/api/auth/invite_user', adminToken, {
        firstName: 'Soc',
        lastName: 'Ial',
        email,
        role,
      });
      expect(invited.status).toBe(201);
    }
    const signUp = async (sub: string, email: string, verified: boolean) => {
      idp.signInAs({ sub, email, email_verified: verified, given_name: 'Soc', family_name: 'Ial' });
      const b = browser(app);
      const { started } = await startLogin(b);
      expect((await b.request(await authorize(started.body.redirect_browser_to))).status).toBe(303);
      return (await b.json<{ roles: string[] }>('/api/auth/whoami')).body.roles;
    };
    expect(await signUp('invitee-unverified', 'unverified.invitee@example.com', false)).toEqual(['guest']);
    expect(await signUp('invitee-verified', 'verified.invitee@example.com', true)).toEqual(['editor']);
  });

  it('rejects a malformed MC_OIDC_PROVIDERS naming the variable', () => {
    expect(() => oidcProviders(loadConfig({ MC_OIDC_PROVIDERS: '{not json' }))).toThrow(/MC_OIDC_PROVIDERS/);
    expect(() => oidcProviders(loadConfig({ MC_OIDC_PROVIDERS: '[{"id":"x"}]' }))).toThrow(
      /MC_OIDC_PROVIDERS is invalid/,
    );
  });
});
