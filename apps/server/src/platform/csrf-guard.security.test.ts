import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, buildUser, csrfOf, type FlowJson } from '../modules/auth/testing/auth-factory.js';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isTrustedOrigin } from './csrf-guard.js';

/**
 * Issue 11 item 7, as found: a page on another site posted `text/plain` to /api/db with the
 * victim's session cookie and the row was written (201). Cookie-authenticated writes now need this
 * server's origin and a JSON body; token calls and the identity flows' form posts are unchanged.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let victim: ReturnType<typeof browser>;

const incident = (title: string) =>
  JSON.stringify({ title, severity: 'Low', type: 'availability', status: 'open', created_by: admin.id });
const countTitled = async (title: string) =>
  (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM incidents WHERE title = $1', [title]))
    .rows[0]?.n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  victim = browser(t.app);
  expect((await victim.signIn(admin.email, admin.password)).status).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('cookie-authenticated writes', () => {
  it('a cross-origin text/plain POST with the session cookie is refused (403) and writes nothing', async () => {
    const res = await victim.request('/api/db/incidents', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: incident('forged'),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/Cross-origin request refused/);
    expect(await countTitled('forged')).toBe(0);
  });

  it('cross-site by Sec-Fetch-Site alone, a null origin, or a JSON body from another origin are refused too', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'https://evil.example', 'content-type': 'application/json' },
    ];
    for (const headers of refused) {
      const res = await victim.request('/api/db/incidents', { method: 'POST', headers, body: incident('forged-2') });
      expect(res.status).toBe(403);
    }
    const del = await victim.request('/api/db/incidents?title=eq.x', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(del.status).toBe(403);
    expect(await countTitled('forged-2')).toBe(0);
  });

  it('a same-origin write with a form or text content type is refused (415): only JSON may carry a body', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await victim.request('/api/db/incidents', {
        method: 'POST',
        headers: { 'content-type': type, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        body: incident('plain'),
      });
      expect(res.status).toBe(415);
    }
    expect(await countTitled('plain')).toBe(0);
  });

  it('the console’s own request (same origin, JSON) writes, as do tools that send no Origin', async () => {
    const res = await victim.request('/api/db/incidents', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      body: incident('from the console'),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const tool = await victim.request('/api/db/incidents', { method: 'POST', body: incident('from curl') });
    expect(tool.status).toBe(201);
    expect(await countTitled('from the console')).toBe(1);
  });

  it('a bodiless DELETE from the console is allowed: over HTTP it arrives as an empty stream without framing headers', async () => {
    const empty = new ReadableStream({ start: (controller) => controller.close() });
    const res = await victim.request('/api/db/incidents?title=eq.from%20curl', {
      method: 'DELETE',
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      body: empty,
      duplex: 'half',
    } as RequestInit); // `duplex` is required by Node's fetch for a stream body but missing from the DOM type
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await countTitled('from curl')).toBe(0);
  });
});

describe('what the guard leaves alone', () => {
  it('bearer-token calls are unaffected, whatever the origin and content type', async () => {
    const res = await apiCall(t.app, 'POST', '/api/db/incidents', admin.token, incident('by token'), {
      'content-type': 'text/plain',
      origin: 'https://elsewhere.example',
    });
    expect(res.status).toBe(201);
  });

  it('a browser form post to the identity flow (urlencoded, its csrf_token) still signs in', async () => {
    const user = await buildUser(t.database, { roles: ['viewer'] });
    const form = browser(t.app);
    const flow = (await (await form.request('/api/.ory/self-service/login/browser')).json()) as FlowJson;
    const res = await form.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({
        method: 'password',
        identifier: user.email,
        password: user.password,
        csrf_token: csrfOf(flow),
      }).toString(),
    });
    expect(res.status).toBeLessThan(400);
    expect(form.jar.get('ory_kratos_session')).toBeTruthy();
  });

  it('trusts the request’s own host, MC_PUBLIC_URL, and loopback origins only on a loopback request', () => {
    const config = { MC_PUBLIC_URL: 'https://mc.example.com' };
    expect(isTrustedOrigin('https://mc.example.com', 'http://10.0.0.5:8080/api/x', config)).toBe(true);
    expect(isTrustedOrigin('http://10.0.0.5:8080', 'http://10.0.0.5:8080/api/x', config)).toBe(true);
    expect(isTrustedOrigin('http://localhost:5173', 'http://127.0.0.1:8080/api/x', config)).toBe(true);
    expect(isTrustedOrigin('http://localhost:5173', 'http://mc.internal:8080/api/x', config)).toBe(false);
    expect(isTrustedOrigin('https://mc.example.com.evil.example', 'http://10.0.0.5/api/x', config)).toBe(false);
    // behind a reverse proxy that passes the public host on
    expect(isTrustedOrigin('https://ops.example.org', 'http://10.0.0.5/api/x', {}, 'ops.example.org')).toBe(true);
    expect(isTrustedOrigin('https://evil.example', 'http://10.0.0.5/api/x', {}, 'ops.example.org')).toBe(false);
  });
});
