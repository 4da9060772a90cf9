import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { FlowJson } from '../testing/auth-factory.js';
import { mailText } from '../testing/recording-mailer.js';

type Answer = FlowJson & { error?: { id: string } };

/**
 * Issue 11 item 12: with MC_PUBLIC_URL unset, the Host header decided mail links and the allowed
 * redirects. Now only MC_PUBLIC_URL, MC_RETURN_TO_ALLOWLIST and loopback origins are trusted.
 */
describe('a foreign Host header never becomes a mail link or an allowed redirect', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { PORT: '8080', MC_RETURN_TO_ALLOWLIST: 'https://docs.example.com' } });
    admin = await signedInUser(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const linksIn = (lines: string[]) => lines.flatMap((l) => l.match(/https?:\/\/[^\s"\\]+/g) ?? []);

  it('the invitation mail sent from a request to evil.example links to the loopback origin', async () => {
    const seen = t.mails.length;
    const answer = await apiCall(t.app, 'POST', 'http://evil.example/api/auth/invite_user', admin.token, {
      firstName: 'Host',
      lastName: 'Header',
      email: 'host-header@example.com',
      role: 'viewer',
    });
    expect(answer.status).toBe(201);
    const links = linksIn(
      t.mails
        .slice(seen)
        .map(mailText)
        .filter((l) => l.includes('host-header@example.com')),
    );
    expect(links.some((l) => l.startsWith('http://localhost:8080/registration?invite='))).toBe(true);
    expect(links.join(' ')).not.toContain('evil.example');
  });

  it('the verification mail and the flow action of a registration through evil.example use the trusted origin', async () => {
    const seen = t.mails.length;
    const flow = (await (
      await t.app.request('http://evil.example/api/.ory/self-service/registration/api')
    ).json()) as Answer;
    expect(flow.ui.action.startsWith('http://localhost:8080/api/.ory/')).toBe(true);
    const answer = await t.app.request(`http://evil.example/api/.ory/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'password',
        traits: { email: 'evil-host@example.com', name: { first: 'E', last: 'H' } },
        password: 'a passphrase for the host test',
      }),
    });
    expect(answer.status).toBe(200);
    const links = linksIn(
      t.mails
        .slice(seen)
        .map(mailText)
        .filter((l) => l.includes('evil-host@example.com')),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith('http://localhost:8080/')).toBe(true);
  });

  it('return_to the forged host is refused; loopback, allow-listed and relative ones are kept', async () => {
    const forged = await t.app.request(
      'http://evil.example/api/.ory/self-service/login/api?return_to=http://evil.example/steal',
    );
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as Answer).error?.id).toBe('self_service_flow_return_to_forbidden');
    for (const ok of ['/incidents', 'https://docs.example.com/page', 'http://localhost:8080/health']) {
      const answer = await t.app.request(
        `http://evil.example/api/.ory/self-service/login/api?return_to=${encodeURIComponent(ok)}`,
      );
      expect(answer.status).toBe(200);
    }
  });

  it('a loopback Host (127.0.0.1) is trusted as it is', async () => {
    const flow = (await (
      await t.app.request('http://127.0.0.1:3000/api/.ory/self-service/login/api')
    ).json()) as Answer;
    expect(flow.ui.action.startsWith('http://127.0.0.1:3000/api/.ory/')).toBe(true);
  });
});

describe('with MC_PUBLIC_URL set, every link uses it whatever the Host header says', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MC_PUBLIC_URL: 'https://mc.example.com', MC_SELF_REGISTRATION: 'on' } });
  });
  afterAll(() => t.close());

  it('flow actions and return_to follow MC_PUBLIC_URL', async () => {
    const flow = (await (await t.app.request('http://evil.example/api/.ory/self-service/login/api')).json()) as Answer;
    expect(flow.ui.action.startsWith('https://mc.example.com/api/.ory/')).toBe(true);
    const forged = await t.app.request(
      'http://localhost/api/.ory/self-service/login/api?return_to=http://evil.example/',
    );
    expect(forged.status).toBe(400);
    const ok = await t.app.request(
      `http://evil.example/api/.ory/self-service/login/api?return_to=${encodeURIComponent('https://mc.example.com/x')}`,
    );
    expect(ok.status).toBe(200);
  });
});
