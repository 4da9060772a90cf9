import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/tokens.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiSignIn, type FlowJson } from './testing/auth-factory.js';
import { mailText } from './testing/recording-mailer.js';

type Answer = FlowJson & { session_token?: string; error?: { id: string; reason: string } };

/**
 * Issue 11 item 1: registering with an invited address granted the invited role (admin included)
 * to whoever registered first, and pending invitations were readable by guests. Now only the mailed
 * single-use link (or a later proof of the address) grants the role.
 */
describe('invitations: a single-use, expiring link grants the invited role — nothing else does', () => {
  let t: TestApp;
  let admin: { token: string };
  let guest: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { roles: ['admin'] });
    guest = await signedInUser(t, { roles: ['guest'] });
  });
  afterAll(() => t.close());

  /** Invites `email` with `role` and returns the token of the link mailed (the recording mailer). */
  async function invite(email: string, role: string): Promise<string> {
    const seen = t.mails.length;
    const answer = await apiCall(t.app, 'POST', '/api/auth/invite_user', admin.token, {
      firstName: 'In',
      lastName: 'Vited',
      email,
      role,
    });
    expect(answer.status).toBe(201);
    const line = t.mails
      .slice(seen)
      .map(mailText)
      .find((l) => l.includes(email) && l.includes('/registration?invite='));
    const token = line?.match(/\/registration\?invite=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no invitation link mailed to ${email}`);
    return token;
  }
  const startFlow = async (query = '') =>
    (await t.app.request(`/api/.ory/self-service/registration/api${query}`)).json() as Promise<Answer>;
  const register = async (flowId: string, email: string) => {
    const answer = await t.app.request(`/api/.ory/self-service/registration?flow=${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'password',
        traits: { email, name: { first: 'Reg', last: 'Istrant' } },
        password: 'an invited passphrase',
      }),
    });
    return { status: answer.status, body: (await answer.json()) as Answer };
  };
  const rolesOf = async (token: string) =>
    ((await (await apiCall(t.app, 'GET', '/api/auth/whoami', token)).json()) as { roles: string[] }).roles;

  it('defect as found: registering an invited address without the link no longer takes the invited admin role', async () => {
    await invite('squatted@example.com', 'admin');
    const flow = await startFlow();
    const answer = await register(flow.id, 'squatted@example.com');
    expect(answer.status).toBe(200);
    expect(answer.body.session_token).toBeUndefined();
    const token = await apiSignIn(t.app, 'squatted@example.com', 'an invited passphrase');
    expect(await rolesOf(token)).toEqual(['guest']);
  });

  it('the link pre-fills the address; registering through it takes the role, signs in and verifies the address', async () => {
    const token = await invite('ines@example.com', 'responder');
    const flow = await startFlow(`?invite=${token}`);
    const email = flow.ui.nodes.find((n) => n.attributes.name === 'traits.email');
    expect(email?.attributes.value).toBe('ines@example.com');
    const answer = await register(flow.id, 'ines@example.com');
    expect(answer.status).toBe(200);
    expect(await rolesOf(String(answer.body.session_token))).toEqual(['responder']);
    const { rows } = await sql<{ verified: boolean }>`
      SELECT verified FROM identity_addresses WHERE value = 'ines@example.com'`.execute(t.database.db);
    expect(rows[0]?.verified).toBe(true);
    expect(
      (
        await apiCall(t.app, 'POST', '/api/auth/invite_user', admin.token, {
          firstName: 'I',
          lastName: 'I',
          email: 'ines@example.com',
          role: 'admin',
        })
      ).status,
    ).toBe(409);
  });

  it('the link works once, for its address only, and not after it expired', async () => {
    const token = await invite('once@example.com', 'editor');
    const flow = await startFlow(`?invite=${token}`);
    const other = await register(flow.id, 'someone-else@example.com');
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body.ui.nodes)).toContain('This invitation is for once@example.com');
    expect((await register(flow.id, 'once@example.com')).status).toBe(200);
    const reused = await startFlow(`?invite=${token}`);
    expect(reused.ui.messages?.[0]?.text).toContain('invalid, used or expired');
    expect(reused.ui.nodes.find((n) => n.attributes.name === 'traits.email')?.attributes.value).toBeUndefined();

    const late = await invite('late@example.com', 'editor');
    await sql`UPDATE invites SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(late)}`.execute(
      t.database.db,
    );
    const expired = await startFlow(`?invite=${late}`);
    expect(expired.ui.messages?.[0]?.text).toContain('invalid, used or expired');
    expect((await startFlow('?invite=not-a-real-token')).ui.messages?.[0]?.text).toContain('invalid, used or expired');
  });

  it('a re-invitation withdraws the earlier link', async () => {
    const first = await invite('twice@example.com', 'viewer');
    const second = await invite('twice@example.com', 'editor');
    expect((await startFlow(`?invite=${first}`)).ui.messages?.[0]?.text).toContain('invalid, used or expired');
    const flow = await startFlow(`?invite=${second}`);
    const answer = await register(flow.id, 'twice@example.com');
    expect(await rolesOf(String(answer.body.session_token))).toEqual(['editor']);
  });

  it('two registrations racing with one link: exactly one gets the role, the other a message', async () => {
    const token = await invite('raced@example.com', 'admin');
    const flows = await Promise.all(Array.from({ length: 8 }, () => startFlow(`?invite=${token}`)));
    const answers = await Promise.all(flows.map((flow) => register(flow.id, 'raced@example.com')));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(await rolesOf(String(winners[0]?.body.session_token))).toEqual(['admin']);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).toBe(400);
      expect(loser.body.ui.messages?.[0]?.text).toContain('already been used or has expired');
    }
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM casbin_rule c JOIN people p ON p.id::text = c.v0
      WHERE p.email = 'raced@example.com' AND c.ptype = 'g'`.execute(t.database.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('registering without the link, then proving the address by the emailed code, takes the invited role', async () => {
    await invite('later@example.com', 'commander');
    const seen = t.mails.length;
    const flow = await startFlow();
    const answer = await register(flow.id, 'later@example.com');
    const verificationId = (answer.body as unknown as { continue_with: { flow: { id: string } }[] }).continue_with[0]
      ?.flow.id; // the registration answer carries the verification flow
    const code = t.mails
      .slice(seen)
      .map(mailText)
      .find((l) => l.includes('later@example.com') && l.includes('verify'))
      ?.match(/\b(\d{6})\b/)?.[1];
    const token = await apiSignIn(t.app, 'later@example.com', 'an invited passphrase');
    expect(await rolesOf(token)).toEqual(['guest']);
    const verified = await t.app.request(`/api/.ory/self-service/verification?flow=${verificationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'code', code }),
    });
    expect(verified.status).toBe(200);
    expect(await rolesOf(token)).toEqual(['commander']);
  });

  it('only the token’s hash is stored; neither the audit row nor any API answer carries the token', async () => {
    const token = await invite('hashed@example.com', 'editor');
    const { rows } = await sql<{ token_hash: string }>`
      SELECT token_hash FROM invites WHERE email = 'hashed@example.com'`.execute(t.database.db);
    expect(rows[0]?.token_hash).toBe(sha256(token));
    const { rows: audit } = await sql<{ row: string }>`SELECT row_to_json(a)::text AS row FROM audit_log a`.execute(
      t.database.db,
    );
    expect(audit.some((a) => a.row.includes('hashed@example.com'))).toBe(true);
    for (const a of audit) {
      expect(a.row).not.toContain(token);
      expect(a.row).not.toContain(sha256(token));
    }
  });

  it('guests cannot read invitations through the data API: not /api/db/invites, not /api/db/audit_log', async () => {
    await invite('private@example.com', 'admin');
    const invites = await apiCall(t.app, 'GET', '/api/db/invites', guest.token);
    expect(invites.status).toBeGreaterThanOrEqual(400);
    expect(invites.status).toBeLessThan(500);
    expect(await invites.text()).not.toContain('private@example.com');
    const embedded = await apiCall(t.app, 'GET', '/api/db/people?select=*,invites(*)', guest.token);
    expect(await embedded.text()).not.toContain('token_hash');
    const audit = await apiCall(t.app, 'GET', '/api/db/audit_log?select=*', guest.token);
    expect(await audit.text()).not.toContain('private@example.com');
    expect([401, 403, 404]).toContain(audit.status);
  });
});
