import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const KINDS = ['login', 'registration', 'recovery', 'verification', 'settings'] as const;
const DEEP = 10_000;

/** Hostile bodies each flow endpoint must answer with a 400 and a message (issue 11 item 2, identity part). */
const BODIES: { name: string; type: string; body: string }[] = [
  { name: 'arrays nested 10,000 deep', type: 'application/json', body: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}` },
  {
    name: 'objects nested 10,000 deep',
    type: 'application/json',
    body: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
  },
  { name: 'unterminated JSON', type: 'application/json', body: '{"method": "password", ' },
  { name: 'a JSON array', type: 'application/json', body: '[1,2]' },
  { name: 'multipart without its boundary', type: 'multipart/form-data', body: 'method=password' },
  {
    name: 'multipart cut off mid-part',
    type: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="method"\r\n\r\npass',
  },
  { name: 'urlencoded with broken escapes', type: 'application/x-www-form-urlencoded', body: 'method=%E0%A4%A&%%%=1' },
  { name: 'an unknown content type', type: 'text/plain', body: 'method=password' },
];

describe('identity flow endpoints answer hostile bodies with a 400 and a message, never a 500', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t, { roles: ['viewer'] })).token;
  });
  afterAll(() => t.close());

  for (const kind of KINDS) {
    for (const hostile of BODIES) {
      it(`POST /api/.ory/self-service/${kind}: ${hostile.name}`, async () => {
        const auth = kind === 'settings' ? { authorization: `Bearer ${token}` } : undefined;
        const flow = (await (await t.app.request(`/api/.ory/self-service/${kind}/api`, { headers: auth })).json()) as {
          id: string;
        };
        const answer = await t.app.request(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
          method: 'POST',
          headers: { 'content-type': hostile.type, ...auth },
          body: hostile.body,
        });
        expect(answer.status).toBe(400);
        // the identity provider answers Kratos's error or the flow; the platform's body bounds {code, message}
        const body = (await answer.json()) as { error?: { reason?: string }; message?: string; ui?: unknown };
        expect(body.error?.reason ?? body.message ?? JSON.stringify(body.ui)).toBeTruthy();
      });
    }
  }

  it('a deep body is refused with a message naming the nesting limit (17 levels: past the flows’ own limit)', async () => {
    const flow = (await (await t.app.request('/api/.ory/self-service/login/api')).json()) as { id: string };
    const answer = await t.app.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'{"a":'.repeat(17)}1${'}'.repeat(17)}`,
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error?: { reason?: string }; message?: string };
    expect(body.error?.reason ?? body.message).toMatch(/nested more than \d+ levels/);
  });

  it('DELETE /api/.ory/self-service/logout/api with a hostile body is a 4xx, never a 500', async () => {
    for (const hostile of BODIES) {
      const answer = await t.app.request('/api/.ory/self-service/logout/api', {
        method: 'DELETE',
        headers: { 'content-type': hostile.type },
        body: hostile.body,
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});
