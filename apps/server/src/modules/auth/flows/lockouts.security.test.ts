import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { upsertCredential } from '../identity.repo.js';
import { lookupConfigOf, newTotpSecret, totpCode } from '../second-factor.js';
import { apiSignIn, buildUser, type FlowJson } from '../testing/auth-factory.js';
import { mailText } from '../testing/recording-mailer.js';

/**
 * Issue 11 item 6: the correct password as guess #200 of one concurrent burst was accepted (limit 5),
 * 2,000 concurrent recovery-code guesses were all evaluated, TOTP likewise. Each attempt is now
 * counted in one statement before any verification work: a burst is refused past the limit, the
 * right answer included. Every request of a burst comes from its own address (a botnet), so the
 * per-account, per-flow and per-session counters are what is tested; spraying has its own test.
 */
describe('lockouts hold under concurrent bursts', () => {
  let t: TestApp;
  let source = 0;
  /** A fresh source address per request. */
  const nextSource = () => {
    source += 1;
    return `10.${(source >> 16) & 255}.${(source >> 8) & 255}.${source & 255}`;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const apiFlow = async (kind: string, query = '', headers: Record<string, string> = {}) =>
    (await (await t.app.request(`/api/.ory/self-service/${kind}/api${query}`, { headers })).json()) as FlowJson;
  const submit = (kind: string, flowId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.request(`/api/.ory/self-service/${kind}?flow=${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextSource(), ...headers },
      body: JSON.stringify(body),
    });
  /** Status counts of a burst's answers. */
  const tally = (statuses: number[]) => ({
    ok: statuses.filter((s) => s === 200).length,
    evaluated: statuses.filter((s) => s === 400).length,
    refused: statuses.filter((s) => s === 429).length,
  });
  /** The 6-digit code of the newest mail to `to` recorded after `seen` mails. */
  const mailedCode = (to: string, seen: number) =>
    t.mails
      .slice(seen)
      .map(mailText)
      .filter((l) => l.includes(to))
      .at(-1)
      ?.match(/(?<!\d)(\d{6})(?!\d)/)?.[1] ?? '';

  it('200 concurrent sign-ins, the correct password last: none accepted, at most 5 evaluated', async () => {
    const user = await buildUser(t.database, { roles: ['admin'] });
    const flows = await Promise.all(Array.from({ length: 200 }, () => apiFlow('login')));
    const statuses = await Promise.all(
      flows.map(
        async (flow, i) =>
          (
            await submit('login', flow.id, {
              method: 'password',
              identifier: user.email,
              password: i >= 195 ? user.password : `wrong guess ${i}`,
            })
          ).status,
      ),
    );
    const counts = tally(statuses);
    expect(counts.ok).toBe(0);
    expect(counts.evaluated).toBeLessThanOrEqual(5);
    expect(counts.refused).toBeGreaterThanOrEqual(195);
    const after = await submit('login', (await apiFlow('login')).id, {
      method: 'password',
      identifier: user.email,
      password: user.password,
    });
    expect(after.status).toBe(429);
    expect(((await after.json()) as FlowJson).ui.messages?.[0]?.id).toBe(4000034);
  }, 180_000);

  it('2,000 concurrent recovery-code guesses, the right code last: at most 5 evaluated, none accepted', async () => {
    const user = await buildUser(t.database);
    const flow = await apiFlow('recovery');
    const seen = t.mails.length;
    expect((await submit('recovery', flow.id, { method: 'code', email: user.email })).status).toBe(200);
    const code = mailedCode(user.email, seen);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const statuses = await Promise.all(
      Array.from(
        { length: 2000 },
        async (_, i) =>
          (await submit('recovery', flow.id, { method: 'code', code: i === 1999 ? code : wrong(i) })).status,
      ),
    );
    const counts = tally(statuses);
    expect(counts.ok).toBe(0);
    expect(counts.evaluated).toBeLessThanOrEqual(5);
    expect(counts.refused).toBeGreaterThanOrEqual(1995);
  }, 180_000);

  it('200 concurrent verification-code guesses, the right code last: at most 5 evaluated, none accepted', async () => {
    const user = await buildUser(t.database);
    const flow = await apiFlow('verification');
    const seen = t.mails.length;
    expect((await submit('verification', flow.id, { method: 'code', email: user.email })).status).toBe(200);
    const code = mailedCode(user.email, seen);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const statuses = await Promise.all(
      Array.from(
        { length: 200 },
        async (_, i) =>
          (await submit('verification', flow.id, { method: 'code', code: i === 199 ? code : wrong(i) })).status,
      ),
    );
    const counts = tally(statuses);
    expect(counts.ok).toBe(0);
    expect(counts.evaluated).toBeLessThanOrEqual(5);
  }, 180_000);

  it('200 concurrent TOTP and backup-code guesses at aal2, the right one last: none accepted', async () => {
    const user = await buildUser(t.database);
    const secret = newTotpSecret();
    await upsertCredential(t.database.db, user.id, 'totp', { secret });
    const token = await apiSignIn(t.app, user.email, user.password);
    const auth = { authorization: `Bearer ${token}` };
    const totpFlow = await apiFlow('login', '?aal=aal2', auth);
    const right = totpCode(secret);
    const totp = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const code = i === 199 ? right : String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
        return (await submit('login', totpFlow.id, { method: 'totp', totp_code: code }, auth)).status;
      }),
    );
    expect(tally(totp).ok).toBe(0);
    expect(tally(totp).evaluated).toBeLessThanOrEqual(5);

    const other = await buildUser(t.database);
    await upsertCredential(t.database.db, other.id, 'lookup_secret', lookupConfigOf(['abcd1234', 'efgh5678']));
    const otherAuth = { authorization: `Bearer ${await apiSignIn(t.app, other.email, other.password)}` };
    const lookupFlow = await apiFlow('login', '?aal=aal2', otherAuth);
    const lookup = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const code = i === 199 ? 'abcd1234' : `wrong${i}`;
        return (await submit('login', lookupFlow.id, { method: 'lookup_secret', lookup_secret: code }, otherAuth))
          .status;
      }),
    );
    expect(tally(lookup).ok).toBe(0);
    expect(tally(lookup).evaluated).toBeLessThanOrEqual(5);
  }, 180_000);

  it('verification mails to one address are limited like recovery mails (5 per window)', async () => {
    const user = await buildUser(t.database);
    const seen = t.mails.length;
    for (let i = 0; i < 9; i += 1) {
      const flow = await apiFlow('verification');
      expect((await submit('verification', flow.id, { method: 'code', email: user.email })).status).toBe(200);
    }
    const mails = t.mails
      .slice(seen)
      .map(mailText)
      .filter((l) => l.includes(user.email) && l.includes('verify your'));
    expect(mails).toHaveLength(5);
  });
});

describe('password spraying from one address across many accounts is limited per source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MC_AUTH_SOURCE_MAX_ATTEMPTS: '20' } });
  });
  afterAll(() => t.close());

  const signIn = async (identifier: string, password: string, from: string) => {
    const flow = (await (await t.app.request('/api/.ory/self-service/login/api')).json()) as FlowJson;
    return (
      await t.app.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ method: 'password', identifier, password }),
      })
    ).status;
  };

  it('past MC_AUTH_SOURCE_MAX_ATTEMPTS failures the source is refused, even with a right password; others are not', async () => {
    const victim = await buildUser(t.database);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`sprayed-${i}@example.com`, 'Summer2026!', '203.0.113.7')),
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(await signIn(victim.email, victim.password, '203.0.113.7')).toBe(429);
    expect(await signIn(victim.email, victim.password, '198.51.100.9')).toBe(200);
  });

  it('successful sign-ins give their attempt back, so a busy office behind one address is not locked out', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => buildUser(t.database)));
    for (const person of people) expect(await signIn(person.email, person.password, '192.0.2.50')).toBe(200);
  });
});
