import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 11 item 2, as found: about 2 KB of nested YAML sent to the schema validation or the canary
 * editor aborted the whole Node process (V8 fatal error in the YAML lexer). Every YAML and JSON input
 * is now bounded before parsing (size, depth, aliases), and every body by MC_MAX_BODY_BYTES.
 */
let t: TestApp;
let admin: { token: string };
let canaryId: string;

const CANARY = {
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'bounded' },
  spec: { schedule: '@every 1h', http: [{ name: 'site', endpoint: 'http://127.0.0.1:9/', responseCodes: [200] }] },
};

const yamlText = (path: string, token: string, text: string, method = 'POST') =>
  apiCall(t.app, method, path, token, text, { 'content-type': 'application/yaml' });

const laughs = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ env: { MC_MAX_BODY_BYTES: String(256 * 1024) } });
  admin = await signedInUser(t, { roles: ['admin'] });
  const created = await apiCall(t.app, 'POST', '/api/canaries', admin.token, CANARY);
  expect(created.status).toBe(201);
  canaryId = ((await created.json()) as { id: string }).id;
});

afterAll(async () => {
  await t.close();
});

describe('hostile YAML (the process crash)', () => {
  const crash = '['.repeat(2048);

  it('POST /api/schemas/{type}/validate answers 400 naming the depth limit, raw or as a JSON spec field', async () => {
    // Brackets in a raw body are counted by the body bound, before any route runs.
    const raw = await yamlText('/api/schemas/canaries/validate', admin.token, crash);
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { message: string }).message).toBe(
      'The request body is nested more than 64 levels deep; the limit is 64 levels',
    );
    // Inside a JSON string, or as block indentation, the YAML bound counts them.
    const field = await apiCall(t.app, 'POST', '/api/schemas/canaries/validate', admin.token, { spec: crash });
    expect(field.status).toBe(400);
    expect(((await field.json()) as { message: string }).message).toBe(
      'The YAML document is nested more than 64 levels deep; the limit is 64 levels',
    );
    const blocks = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}- `).join('\n');
    const indented = await yamlText('/api/schemas/canaries/validate', admin.token, blocks);
    expect(indented.status).toBe(400);
    expect(((await indented.json()) as { message: string }).message).toMatch(/YAML document .* limit is 64 levels/);
  });

  it('PUT and POST /api/canaries answer 400 for nested YAML and alias bombs; the canary is unchanged', async () => {
    for (const text of [crash, `${'- '.repeat(2000)}x`]) {
      const put = await yamlText(`/api/canaries/${canaryId}`, admin.token, text, 'PUT');
      expect(put.status).toBe(400);
      expect(((await put.json()) as { message: string }).message).toMatch(/limit is 64 levels/);
    }
    const bomb = await yamlText('/api/canaries', admin.token, laughs);
    expect(bomb.status).toBe(400);
    expect(((await bomb.json()) as { message: string }).message).toMatch(/aliases too far \(limit 100\)/);
    const read = await apiCall(t.app, 'GET', `/api/canaries/${canaryId}`, admin.token);
    expect(read.status).toBe(200);
  });

  it('a kubeconfig of nested YAML in a connection test is refused by name, the process stays up', async () => {
    const res = await apiCall(t.app, 'POST', '/api/connection/test', admin.token, {
      name: 'kube',
      type: 'kubernetes',
      certificate: crash,
      properties: { method: 'kubeconfig' },
    });
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).toMatch(/kubeconfig is nested more than 64 levels deep/);
  });

  it('the validator still reads a real document and reports its errors by line', async () => {
    const ok = await yamlText(
      '/api/schemas/canaries/validate',
      admin.token,
      'schedule: "@every 1m"\nhttp:\n  - name: a\n',
    );
    expect(ok.status).toBeLessThan(500);
    const bad = await yamlText('/api/schemas/canaries/validate', admin.token, 'http: [1, 2\nschedule: x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^line \d+, column \d+/);
  });
});

describe('hostile JSON and bodies on any route', () => {
  const deepJson = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

  it.each([
    ['POST', '/api/db/incidents'],
    ['POST', '/api/incidents'],
    ['PATCH', '/api/db/people?id=eq.00000000-0000-0000-0000-000000000000'],
    ['POST', '/api/canaries'],
    ['PUT', '/api/properties/x'],
  ])('%s %s: deeply nested JSON is a 400 naming the limit', async (method, path) => {
    const res = await apiCall(t.app, method, path, admin.token, deepJson);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The request body is nested more than 64 levels deep; the limit is 64 levels',
    );
  });

  it('a deeply nested JSON string inside a spec column is refused as a spec, not a crash', async () => {
    const res = await apiCall(t.app, 'POST', '/api/db/canaries', admin.token, {
      name: 'deep',
      spec: `${'['.repeat(100_000)}`,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('a body over MC_MAX_BODY_BYTES is a 413 with a JSON message, announced or streamed', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(300 * 1024) });
    const announced = await apiCall(t.app, 'POST', '/api/db/incidents', admin.token, big);
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({
      code: 'payload_too_large',
      message: 'The request body is larger than the limit of 262144 bytes',
    });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/db/incidents', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await apiCall(t.app, 'GET', '/api/db/incidents?limit=1', admin.token)).status).toBe(200);
  });

  it('a value the database refuses (a NUL character) is a 400 with its reason, not a 500 (found by the route fuzz)', async () => {
    const flow = await apiCall(t.app, 'GET', '/api/.ory/self-service/recovery/browser?return_to=%00', null);
    expect(flow.status).toBeLessThan(500);
    const nul = await apiCall(t.app, 'POST', '/api/incidents', admin.token, {
      title: 'a\u0000b',
      type: 'availability',
      severity: 'Low',
    });
    expect(nul.status).toBe(400);
  });

  it.each([
    ['POST', '/api/db/incidents'],
    ['POST', '/api/incidents'],
    ['POST', '/api/canaries'],
    ['POST', '/api/schemas/canaries/validate'],
  ])('%s %s: a malformed multipart body is a 4xx, never a 500', async (method, path) => {
    const res = await apiCall(
      t.app,
      method,
      path,
      admin.token,
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      {
        'content-type': 'multipart/form-data; boundary=zz',
      },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
