import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModules } from '../../../composition/register-routes.js';
import { createApp } from '../../../platform/app.js';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { totpCode } from '../second-factor.js';
import { browser, csrfOf, type FlowJson } from '../testing/auth-factory.js';
import { codeFromMail, startMailCatcher } from '../testing/mail-catcher.js';

type Browser = ReturnType<typeof browser>;
type SettingsNode = FlowJson['ui']['nodes'][number] & {
  attributes: { id?: string; text?: { context?: { secret?: string; secrets?: { text: string }[] } } };
};

describe('self-service flows over SMTP: register, verify, TOTP, backup codes, recovery', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  const email = 'newcomer@example.com';
  const password = 'a long and unusual passphrase';
  let secret = '';
  let backupCodes: string[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    database = await createTestDatabase();
    const config = loadConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    const deps = { config, database, logger: createLogger('error', {}, () => {}), version: 'test' };
    app = createApp({ ...deps, registerModules: (router) => registerModules(router, deps) });
  });
  afterAll(async () => {
    await database.close();
    await mail.close();
  });

  const post = (b: Browser, kind: string, flow: FlowJson, body: Record<string, unknown>) =>
    b.json<
      FlowJson & {
        error?: { id: string };
        redirect_browser_to?: string;
        continue_with?: { action: string; flow?: { id: string } }[];
      }
    >(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
      method: 'POST',
      body: JSON.stringify({ ...body, csrf_token: csrfOf(flow) }),
    });
  const settings = async (b: Browser) => (await b.json<FlowJson>('/api/.ory/self-service/settings/browser')).body;
  const signInPassword = async (b: Browser, pw = password) => {
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser');
    return post(b, 'login', flow, { method: 'password', identifier: email, password: pw });
  };

  it('registers, mails a verification code, and the code verifies the address', async () => {
    const b = browser(app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/registration/browser');
    expect(flow.ui.nodes.map((n) => n.attributes.name)).toEqual([
      'csrf_token',
      'traits.email',
      'traits.name.first',
      'traits.name.last',
      'password',
      'method',
    ]);
    const short = await post(b, 'registration', flow, {
      method: 'password',
      'traits.email': email,
      'traits.name.first': 'New',
      'traits.name.last': 'Comer',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.ui.nodes.find((n) => n.attributes.name === 'password')?.messages[0]?.id).toBe(4000005);
    const seen = mail.messages.length;
    const done = await post(b, 'registration', flow, {
      method: 'password',
      traits: { email, name: { first: 'New', last: 'Comer' } },
      password,
    });
    expect(done.status).toBe(200);
    const verification = done.body.continue_with?.find((c) => c.action === 'show_verification_ui');
    expect(verification?.flow?.id).toBeTruthy();
    const code = await codeFromMail(mail.messages, email, seen);
    const { body: vflow } = await b.json<FlowJson>(
      `/api/.ory/self-service/verification/flows?id=${verification?.flow?.id}`,
    );
    const wrong = await post(b, 'verification', vflow, {
      method: 'code',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.nodes.find((n) => n.attributes.name === 'code')?.messages[0]?.id).toBe(4070006);
    const right = await post(b, 'verification', vflow, { method: 'code', code });
    expect(right.status).toBe(200);
    expect(right.body.state).toBe('passed_challenge');
    expect(right.body.ui.messages?.[0]?.id).toBe(1080002);
    expect(b.jar.get('ory_kratos_session')).toBeUndefined(); // registration without an invitation signs nobody in
    expect((await signInPassword(b)).status).toBe(200);
    const who = await b.json<{ identity: { verifiable_addresses: { verified: boolean }[] } }>(
      '/api/.ory/sessions/whoami',
    );
    expect(who.body.identity.verifiable_addresses[0]?.verified).toBe(true);
    const duplicate = await post(
      browser(app),
      'registration',
      (await browser(app).json<FlowJson>('/api/.ory/self-service/registration/browser')).body,
      {},
    );
    expect(duplicate.status).toBe(403);
  });

  it('a second registration with the same email answers like a new one and mails the owner a notice', async () => {
    const b = browser(app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/registration/browser');
    const seen = mail.messages.length;
    const again = await post(b, 'registration', flow, {
      method: 'password',
      traits: { email, name: { first: 'A', last: 'B' } },
      password,
    });
    expect(again.status).toBe(200);
    expect(again.body.continue_with?.map((c) => c.action)).toEqual(['show_verification_ui']);
    expect(b.jar.get('ory_kratos_session')).toBeUndefined();
    for (let i = 0; i < 50 && mail.messages.length === seen; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(JSON.stringify(mail.messages.slice(seen))).toContain('someone tried to create a Mission Control account');
  });

  it('enables TOTP from the settings QR code; the session is rotated to aal2', async () => {
    const b = browser(app);
    expect((await signInPassword(b)).status).toBe(200);
    const flow = await settings(b);
    const nodes = flow.ui.nodes as SettingsNode[];
    expect(nodes.find((n) => n.attributes.id === 'totp_qr')?.type).toBe('img');
    secret = String(nodes.find((n) => n.attributes.id === 'totp_secret_key')?.attributes.text?.context?.secret);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const bad = await post(b, 'settings', flow, { method: 'totp', totp_code: '123' });
    expect(bad.status).toBe(400);
    const before = b.jar.get('ory_kratos_session');
    const ok = await post(b, 'settings', flow, { method: 'totp', totp_code: totpCode(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.ui.messages?.[0]).toMatchObject({ id: 1050001, text: 'Your changes have been saved!' });
    expect(b.jar.get('ory_kratos_session')).not.toBe(before);
    const who = await b.json<{ authenticator_assurance_level: string }>('/api/.ory/sessions/whoami');
    expect(who.body.authenticator_assurance_level).toBe('aal2');
  });

  it('generates backup codes and keeps only their hashes after confirming', async () => {
    const b = browser(app);
    await signInPassword(b);
    const { body: aal2 } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    expect(
      (await post(b, 'login', aal2, { method: 'totp', totp_code: totpCode(secret, Date.now() + 30_000) })).status,
    ).toBe(200);
    const flow = await settings(b);
    const shown = await post(b, 'settings', flow, { method: 'lookup_secret', lookup_secret_regenerate: true });
    expect(shown.status).toBe(200);
    const codesNode = (shown.body.ui.nodes as SettingsNode[]).find((n) => n.attributes.id === 'lookup_secret_codes');
    backupCodes = (codesNode?.attributes.text?.context?.secrets ?? []).map((s) => s.text);
    expect(backupCodes).toHaveLength(12);
    const confirmed = await post(b, 'settings', shown.body, { method: 'lookup_secret', lookup_secret_confirm: true });
    expect(confirmed.status).toBe(200);
  });

  it('password alone leaves the session at aal1: whoami 403 session_aal2_required, the API 401', async () => {
    const b = browser(app);
    expect((await signInPassword(b)).status).toBe(200);
    const who = await b.json<{ error: { id: string }; redirect_browser_to: string }>('/api/.ory/sessions/whoami');
    expect(who.status).toBe(403);
    expect(who.body.error.id).toBe('session_aal2_required');
    expect(who.body.redirect_browser_to).toContain('aal=aal2');
    expect((await b.json('/api/auth/whoami')).status).toBe(401);
  });

  it('second factor by TOTP once: a replayed code is refused', async () => {
    const b = browser(app);
    await signInPassword(b);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    expect(flow.requested_aal).toBe('aal2');
    expect(flow.ui.messages?.[0]?.id).toBe(1010004);
    await sql`UPDATE identity_credentials SET config = config - 'last_step' WHERE type = 'totp'`.execute(database.db);
    const code = totpCode(secret);
    expect((await post(b, 'login', flow, { method: 'totp', totp_code: code })).status).toBe(200);
    const other = browser(app);
    await signInPassword(other);
    const { body: second } = await other.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    const replay = await post(other, 'login', second, { method: 'totp', totp_code: code });
    expect(replay.status).toBe(400);
    expect(replay.body.ui.nodes.find((n) => n.attributes.name === 'totp_code')?.messages[0]?.id).toBe(4000008);
  });

  it('second factor by a backup code, which then cannot be used again', async () => {
    const b = browser(app);
    await signInPassword(b);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    const ok = await post(b, 'login', flow, { method: 'lookup_secret', lookup_secret: backupCodes[0] });
    expect(ok.status).toBe(200);
    expect((await b.json<{ roles: string[] }>('/api/auth/whoami')).status).toBe(200);
    const other = browser(app);
    await signInPassword(other);
    const { body: again } = await other.json<FlowJson>('/api/.ory/self-service/login/browser?aal=aal2');
    const reused = await post(other, 'login', again, { method: 'lookup_secret', lookup_secret: backupCodes[0] });
    expect(reused.status).toBe(400);
    expect(reused.body.ui.nodes.find((n) => n.attributes.name === 'lookup_secret')?.messages[0]?.id).toBe(4000012);
  });

  it('recovers the password by emailed code, then signs in with the new one', async () => {
    const b = browser(app);
    const { body: flow } = await b.json<FlowJson>('/api/.ory/self-service/recovery/browser');
    const seen = mail.messages.length;
    const sent = await post(b, 'recovery', flow, { method: 'code', email });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    const unknown = await post(browser(app), 'recovery', flow, { method: 'code', email: 'nobody@example.com' });
    expect(unknown.status).toBe(403);
    const code = await codeFromMail(mail.messages, email, seen);
    const done = await post(b, 'recovery', sent.body, { method: 'code', code });
    expect(done.status).toBe(422);
    expect(done.body.error?.id).toBe('browser_location_change_required');
    const settingsId = new URL(String(done.body.redirect_browser_to)).searchParams.get('flow');
    const { body: settingsFlow } = await b.json<FlowJson>(`/api/.ory/self-service/settings/flows?id=${settingsId}`);
    expect(settingsFlow.ui.messages?.[0]?.id).toBe(1060001);
    const changed = await post(b, 'settings', settingsFlow, { method: 'password', password: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    const fresh = browser(app);
    expect((await signInPassword(fresh, password)).status).toBe(400);
    expect((await signInPassword(fresh, 'a brand new passphrase')).status).toBe(200);
  });
});
