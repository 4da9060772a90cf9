import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { upsertCredential } from './identity.repo.js';
import { totpCode } from './second-factor.js';
import { browser, buildUser, csrfOf, type FlowJson } from './testing/auth-factory.js';

describe('identity security', () => {
  let t: TestApp;
  let admin: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.database, { roles: ['admin'], first: 'Ada', last: 'Admin' });
  });
  afterAll(() => t.close());

  it('GET /api/auth/whoami: 401 JSON without a session', async () => {
    const response = await t.app.request('/api/auth/whoami');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
  });

  it('GET /api/auth/whoami: user, roles and permissions of the signed-in person', async () => {
    const b = browser(t.app);
    await b.signIn(admin.email, admin.password);
    const { status, body, response } = await b.json<{
      user: { id: string; name: string; email: string };
      roles: string[];
      permissions: { resource: string; action: string }[];
    }>('/api/auth/whoami');
    expect(status).toBe(200);
    expect(body.user).toEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
    expect(body.roles).toEqual(['admin']);
    expect(body.permissions).toContainEqual({ resource: 'rbac', action: 'write' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("GET /api/auth/whoami: the same facts in upstream's envelope, which upstream's console unwraps", async () => {
    const b = browser(t.app);
    await b.signIn(admin.email, admin.password);
    const { body } = await b.json<{
      message: string;
      payload: {
        user: { id: string };
        roles: string[];
        permissions: { subject: string; object: string; action: string; deny: boolean }[];
        hostname: string;
      };
    }>('/api/auth/whoami');
    expect(body.message).toBe('success');
    expect(body.payload.user).toEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
    expect(body.payload.roles).toEqual(['admin']);
    expect(body.payload.permissions).toContainEqual({
      subject: admin.id,
      object: 'rbac',
      action: 'write',
      deny: false,
    });
    expect(body.payload.hostname).toBe(hostname());
  });

  it('denies anonymous calls to every API route but the provider and about; unknown paths stay 404', async () => {
    expect((await t.app.request('/api/openapi.json')).status).toBe(401);
    expect((await t.app.request('/api/about')).status).toBe(200);
    expect((await t.app.request('/api/.ory/self-service/login/api')).status).toBe(200);
    expect((await t.app.request('/api/nothing-here')).status).toBe(404);
  });

  it('stores only argon2id hashes', async () => {
    const { rows } = await sql<{ hash: string }>`
      SELECT config->>'hashed_password' AS hash FROM identity_credentials WHERE type = 'password'`.execute(
      t.database.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('never returns secrets: no hash, token hash or credential config in session, flow or whoami answers', async () => {
    const b = browser(t.app);
    const signIn = await b.signIn(admin.email, admin.password);
    const texts = [await signIn.text()];
    texts.push(await (await b.request('/api/.ory/sessions/whoami')).text());
    texts.push(await (await b.request('/api/auth/whoami')).text());
    const { rows } = await sql<{ token_hash: string }>`SELECT token_hash FROM sessions`.execute(t.database.db);
    for (const text of texts) {
      expect(text).not.toMatch(/argon2|hashed_password|token_hash|"config"|"credentials"/);
      for (const row of rows) expect(text).not.toContain(row.token_hash);
    }
  });

  it('sends security headers on every answer: CSP with frame-ancestors, nosniff; HSTS over TLS only', async () => {
    for (const path of ['/api/.ory/self-service/login/api', '/api/auth/whoami', '/api/about']) {
      const response = await t.app.request(path);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const tls = await t.app.request('https://localhost/api/.ory/self-service/login/api');
    expect(tls.headers.get('strict-transport-security')).toContain('max-age=');
    const flow = (await tls.json()) as FlowJson;
    expect(flow.ui.action.startsWith('https://localhost/api/.ory/')).toBe(true);
  });

  it('HSTS also behind a TLS-terminating proxy (X-Forwarded-Proto: https)', async () => {
    const proxied = await t.app.request('/api/.ory/self-service/login/api', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('serves the console auth pages uncached, with the CSP and frame-ancestors', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mc-auth-pages-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mission Control</title>');
    const withConsole = await createTestApp({ webDist: dist });
    try {
      for (const path of ['/login', '/registration', '/recovery', '/verification', '/profile-settings', '/error']) {
        const page = await withConsole.app.request(path, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      }
    } finally {
      await withConsole.close();
    }
  });

  it('never answers second-factor or social credentials: TOTP secret, backup hashes, key material, OIDC subject', async () => {
    const person = await buildUser(t.database, { roles: ['viewer'] });
    const secret = 'MARKERTOTPSECRETAAAAAAAAAAAAAAAA';
    await upsertCredential(t.database.db, person.id, 'totp', { secret });
    await upsertCredential(t.database.db, person.id, 'lookup_secret', { codes: [{ hash: 'markerlookuphash' }] });
    const key = {
      id: 'markerkeyid',
      public_key: 'markerpublickey',
      counter: 0,
      transports: [],
      display_name: 'k',
      added_at: '',
    };
    await upsertCredential(t.database.db, person.id, 'webauthn', { credentials: [key] });
    await upsertCredential(
      t.database.db,
      person.id,
      'oidc',
      { providers: [{ provider: 'x', subject: 'markersubject' }] },
      ['x:markersubject'],
    );
    const b = browser(t.app);
    const texts = [await (await b.signIn(person.email, person.password)).text()];
    const { body: aal2 } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    texts.push(JSON.stringify(aal2));
    const done = await b.request(`/api/.ory/self-service/login?flow=${aal2.id}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(aal2) }),
    });
    expect(done.status).toBe(200);
    texts.push(await done.text());
    texts.push(await (await b.request('/api/.ory/sessions/whoami')).text());
    texts.push(await (await b.request('/api/auth/whoami')).text());
    texts.push(await (await b.request('/api/.ory/self-service/settings/browser')).text());
    texts.push(await (await b.request('/api/db/identity_credentials')).text());
    for (const text of texts)
      expect(text).not.toMatch(/MARKERTOTPSECRET|markerlookuphash|markerpublickey|markersubject/);
  });
});
