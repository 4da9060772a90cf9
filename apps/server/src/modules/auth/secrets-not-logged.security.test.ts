import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { INITIAL_ADMIN_PASSWORD_FILE } from './bootstrap-admin.js';
import { browser, csrfOf, type FlowJson } from './testing/auth-factory.js';

/**
 * Issue 25 finding 1: the generated first-admin password, recovery and verification codes and invitation
 * links went to the server log, which the built-in log backend served to any guest. Now none is logged: the
 * password goes to the terminal and a 0600 file, and administrators hand links over from the console.
 */
describe('the generated first-admin password', () => {
  it('reaches the terminal (stderr, plain text) and a file only its user reads, never a log line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-first-admin-'));
    const printed: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const fresh = await createTestApp({ env: { MC_ADMIN_PASSWORD: undefined, MC_DATA_DIR: dataDir } });
    try {
      for (let i = 0; i < 100 && !fresh.logs.some((l) => l.includes('first admin')); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const file = join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
      const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
      expect(email).toBe('admin@localhost');
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(printed.join('')).toContain(`password: ${password}`);
      const line = fresh.logs.find((l) => l.includes('created the first admin'));
      expect(JSON.parse(line as string)).toMatchObject({ level: 'warn', email: 'admin@localhost', passwordFile: file });
      for (const logged of fresh.logs) expect(logged).not.toContain(password as string);
      const b = browser(fresh.app);
      expect((await b.signIn(email as string, password as string)).status).toBe(200);
      expect((await b.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['admin']);
    } finally {
      stderr.mockRestore();
      await fresh.close();
    }
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  let admin: { id: string; email: string; token: string };
  let guest: { id: string; email: string; token: string };
  let editor: { id: string; email: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ mailer: 'unconfigured' });
    admin = await signedInUser(t, { roles: ['admin'] });
    guest = await signedInUser(t, { roles: ['guest'] });
    editor = await signedInUser(t, { roles: ['editor'] });
  });
  afterAll(() => t.close());

  it('a recovery or verification code is not logged: the log only says a mail was not sent, to a masked address', async () => {
    const seen = t.logs.length;
    for (const kind of ['recovery', 'verification']) {
      const b = browser(t.app);
      const { body: flow } = await b.json<FlowJson>(`/api/.ory/self-service/${kind}/browser`);
      const sent = await b.json<FlowJson>(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
        method: 'POST',
        body: JSON.stringify({ method: 'code', email: guest.email, csrf_token: csrfOf(flow) }),
      });
      expect(sent.status).toBe(200);
    }
    const lines = t.logs.slice(seen).filter((l) => l.includes('a mail was not sent'));
    expect(lines).toHaveLength(2);
    const masked = `${guest.email.slice(0, 1)}***@${guest.email.split('@')[1]}`;
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ level: 'warn', to: masked });
      expect(line).not.toContain(guest.email);
      expect(line).not.toMatch(/following code|\b\d{6}\b|body/);
    }
  });

  it('an invitation answers its link to the inviting administrator only; the log and audit never hold it', async () => {
    const seen = t.logs.length;
    const answer = await apiCall(t.app, 'POST', '/api/auth/invite_user', admin.token, {
      firstName: 'No',
      lastName: 'Smtp',
      email: 'no-smtp@example.com',
      role: 'editor',
    });
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { mailed: boolean; link: string };
    expect(body.mailed).toBe(false);
    expect(body.link).toMatch(/^http:\/\/localhost(:\d+)?\/registration\?invite=[A-Za-z0-9_-]{40,}$/);
    const token = new URL(body.link).searchParams.get('invite') as string;
    for (const line of t.logs.slice(seen)) expect(line).not.toContain(token);
    const { rows } = await sql<{ row: string }>`SELECT row_to_json(a)::text AS row FROM audit_log a`.execute(
      t.database.db,
    );
    for (const row of rows) expect(row.row).not.toContain(token);
    const flow = (await (
      await t.app.request(`/api/.ory/self-service/registration/api?invite=${token}`)
    ).json()) as FlowJson;
    const registered = await t.app.request(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'password',
        traits: { email: 'no-smtp@example.com', name: { first: 'No', last: 'Smtp' } },
        password: 'a passphrase from the copied link',
      }),
    });
    expect(registered.status).toBe(200);
    const session = ((await registered.json()) as { session_token: string }).session_token;
    const who = await apiCall(t.app, 'GET', '/api/auth/whoami', session);
    expect(((await who.json()) as { roles: string[] }).roles).toEqual(['editor']);
  });

  it('POST /api/auth/recovery_link: 401 anonymous, 403 guest and editor, 400 bad input, 404 no account', async () => {
    const body = { personId: guest.id };
    expect((await apiCall(t.app, 'POST', '/api/auth/recovery_link', null, body)).status).toBe(401);
    for (const who of [guest, editor]) {
      const refused = await apiCall(t.app, 'POST', '/api/auth/recovery_link', who.token, body);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('token=');
    }
    const bad = await apiCall(t.app, 'POST', '/api/auth/recovery_link', admin.token, { personId: 'nope' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('personId must be a UUID');
    const extra = await apiCall(t.app, 'POST', '/api/auth/recovery_link', admin.token, { ...body, role: 'admin' });
    expect(extra.status).toBe(400);
    const missing = await apiCall(t.app, 'POST', '/api/auth/recovery_link', admin.token, {
      personId: '00000000-0000-4000-8000-00000000dead',
    });
    expect(missing.status).toBe(404);
  });

  it("an administrator's recovery link signs the person in once and continues to set a password; audited without the token", async () => {
    const seen = t.logs.length;
    const created = await apiCall(t.app, 'POST', '/api/auth/recovery_link', admin.token, { personId: guest.id });
    expect(created.status).toBe(201);
    const { link, expiresAt } = (await created.json()) as { link: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    const url = new URL(link);
    expect(url.pathname).toBe('/api/.ory/self-service/recovery');
    const token = url.searchParams.get('token') as string;

    const b = browser(t.app);
    const opened = await b.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/profile-settings\?flow=/);
    const who = await b.json<{ user: { id: string } }>('/api/auth/whoami');
    expect(who.body.user.id).toBe(guest.id);

    const signedIn = await b.json<{ error: { id: string } }>(`${url.pathname}${url.search}`);
    expect(signedIn.status).toBe(400); // a signed-in browser on a used link: Kratos's answer, never a 500
    expect(signedIn.body.error.id).toBe('session_already_available');
    const again = await browser(t.app).request(`${url.pathname}${url.search}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/\/recovery\?flow=/);
    const forged = await browser(t.app).request(`${url.pathname}?flow=${url.searchParams.get('flow')}&token=x${token}`);
    expect(forged.headers.get('location')).toMatch(/\/recovery\?flow=/);

    for (const line of t.logs.slice(seen)) expect(line).not.toContain(token);
    const { rows } = await sql<{ action: string; row: string }>`
      SELECT action, row_to_json(a)::text AS row FROM audit_log a WHERE action = 'auth.recovery_link'`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toContain(guest.id);
    expect(rows[0]?.row).not.toContain(token);
  });

  it('the code form cannot finish a link flow (it answers only the browser of its own CSRF cookie)', async () => {
    const created = await apiCall(t.app, 'POST', '/api/auth/recovery_link', admin.token, { personId: editor.id });
    const flowId = new URL(((await created.json()) as { link: string }).link).searchParams.get('flow');
    const posted = await browser(t.app).request(`/api/.ory/self-service/recovery?flow=${flowId}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'code', code: '123456', csrf_token: '' }),
    });
    expect(posted.status).toBe(403);
  });
});
