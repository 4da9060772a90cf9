import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { COMPRESS_MIN_BYTES, compressJson, documentResponse } from './compress-json.js';
import type { AppEnv } from './request-context.js';

/** The body as sent on the wire, and decoded per its Content-Encoding. */
async function wire(response: Response): Promise<{ sent: Buffer; decoded: string }> {
  const sent = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('content-encoding');
  const decoded = coding === 'br' ? brotliDecompressSync(sent) : coding === 'gzip' ? gunzipSync(sent) : sent;
  return { sent, decoded: decoded.toString('utf8') };
}

describe('JSON compression through the real app', () => {
  let t: TestApp;
  let token: string;
  let identity: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t, { roles: ['admin'] })).token;
    for (let person = 0; person < 10; person += 1) await signedInUser(t, { roles: ['viewer'] });
    identity = await (await apiCall(t.app, 'GET', '/api/db/people?select=*&order=email', token)).text();
  });
  afterAll(async () => {
    await t.close();
  });

  const people = (acceptEncoding?: string, method = 'GET') =>
    apiCall(
      t.app,
      method,
      '/api/db/people?select=*&order=email',
      token,
      undefined,
      acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    );

  it('sends a signed-in data API answer over 1 KiB as brotli when the browser accepts it', async () => {
    expect(identity.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const response = await people('gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const { sent, decoded } = await wire(response);
    expect(response.headers.get('content-length')).toBe(String(sent.byteLength));
    expect(sent.byteLength).toBeLessThan(identity.length / 2);
    expect(decoded).toBe(identity);
  });

  it('sends gzip to a client that refuses brotli or accepts only gzip', async () => {
    for (const header of ['gzip', 'br;q=0, gzip', 'br;q=0.2, gzip;q=0.9', 'x-gzip']) {
      const response = await people(header);
      expect(response.headers.get('content-encoding'), header).toBe('gzip');
      const { sent, decoded } = await wire(response);
      expect(response.headers.get('content-length')).toBe(String(sent.byteLength));
      expect(decoded).toBe(identity);
    }
  });

  it('sends identity without Accept-Encoding, for identity only and when every coding is q=0', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const response = await people(header);
      expect(response.headers.get('content-encoding'), header).toBeNull();
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(identity);
    }
  });

  it('honours a wildcard', async () => {
    expect((await people('*')).headers.get('content-encoding')).toBe('br');
    expect((await people('br;q=0, *')).headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves HEAD answers alone', async () => {
    const response = await people('br, gzip', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('never compresses the identity answers that carry secrets (no-store: CSRF and session tokens)', async () => {
    const flow = await t.app.request('/api/.ory/self-service/login/browser', {
      headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
    });
    expect(flow.status).toBe(200);
    expect(flow.headers.get('cache-control')).toContain('no-store');
    expect(flow.headers.get('content-encoding')).toBeNull();
    const text = await flow.text();
    expect(text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(text).toContain('csrf_token');
  });

  it('compresses other JSON routes (the OpenAPI document); a 401 below 1 KiB goes as it is', async () => {
    const doc = await apiCall(t.app, 'GET', '/api/openapi.json', token, undefined, { 'accept-encoding': 'br' });
    expect(doc.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse((await wire(doc)).decoded)).toMatchObject({ openapi: '3.1.0' });
    const unauthorised = await apiCall(t.app, 'GET', '/api/db/people', null, undefined, { 'accept-encoding': 'br' });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('content-encoding')).toBeNull();
    expect(unauthorised.headers.get('vary') ?? '').not.toMatch(/accept-encoding/i);
    expect(await unauthorised.json()).toHaveProperty('message');
  });
});

describe('what JSON compression leaves alone', () => {
  const big = { rows: Array.from({ length: 200 }, (_, index) => ({ index, name: `row ${index}` })) };
  const app = new Hono<AppEnv>();
  app.use('*', compressJson());
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: JSON.stringify(big) });
    }),
  );
  app.get('/ndjson', (c) => c.body(JSON.stringify(big), 200, { 'content-type': 'application/x-ndjson' }));
  app.get('/encoded', (c) =>
    c.body(JSON.stringify(big), 200, { 'content-type': 'application/json', 'content-encoding': 'identity' }),
  );
  app.get('/no-transform', (c) => c.json(big, 200, { 'cache-control': 'public, no-transform' }));
  app.get('/no-store', (c) => c.json(big, 200, { 'cache-control': 'private, no-store' }));
  app.get('/etag', (c) => c.json(big, 200, { etag: '"v1"' }));
  app.get('/not-modified', (c) => c.body(null, 304, { 'content-type': 'application/json' }));
  app.get('/text', (c) => c.text(JSON.stringify(big)));
  const get = (path: string) => app.request(path, { headers: { 'accept-encoding': 'br, gzip' } });

  it('compresses the big JSON answer and weakens a strong ETag', async () => {
    expect((await get('/big')).headers.get('content-encoding')).toBe('br');
    const tagged = await get('/etag');
    expect(tagged.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse((await wire(tagged)).decoded)).toEqual(big);
  });

  it('sends a small JSON answer as it is, with its length and no Vary', async () => {
    const response = await get('/small');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String('{"ok":true}'.length));
    expect(await response.json()).toEqual({ ok: true });
  });

  it('leaves server-sent events, NDJSON, text, encoded, no-transform, no-store and 304 answers alone', async () => {
    for (const path of ['/events', '/ndjson', '/encoded', '/no-transform', '/no-store', '/not-modified', '/text']) {
      const response = await get(path);
      expect(response.headers.get('content-encoding') ?? 'identity', path).toBe('identity');
      expect(response.headers.get('vary'), path).toBeNull();
    }
    expect(await (await get('/events')).text()).toContain(`data: ${JSON.stringify(big)}`);
  });
});

describe('a document answer read as its text (documentResponse)', () => {
  // non-ASCII, so a length counted in characters instead of UTF-8 bytes would show
  const text = JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ index, name: `Zürich ✓ ${index}` })));
  const init = () => ({ status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Page': '1' } });
  const app = new Hono<AppEnv>();
  app.use('*', compressJson());
  app.get('/document', () => documentResponse(text, init()));
  app.get('/plain', () => new Response(text, init()));
  // a middleware inside compressJson replacing the answer: what reaches compressJson is an ordinary Response
  app.use('/replaced', async (c, next) => {
    await next();
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Replaced', 'yes');
  });
  app.get('/replaced', () => documentResponse(text, init()));
  app.get('/small', () => documentResponse('[]', init()));
  app.get('/csv', () => documentResponse('a,b\n1,2', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const headersOf = (response: Response) => Object.fromEntries(response.headers);

  it('answers exactly as the same text made into an ordinary Response, for every coding', async () => {
    for (const coding of [undefined, 'br', 'gzip', 'identity']) {
      const document = await get('/document', coding);
      const plain = await get('/plain', coding);
      expect(document.status).toBe(200);
      expect(document.statusText).toBe(plain.statusText);
      expect(headersOf(document), coding).toEqual(headersOf(plain));
      const [a, b] = [await wire(document), await wire(plain)];
      expect(a.sent.equals(b.sent), coding).toBe(true);
      expect(a.decoded).toBe(text);
      expect(document.headers.get('content-length')).toBe(String(a.sent.byteLength));
    }
    const identity = await get('/document');
    expect(identity.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(identity.headers.get('x-page')).toBe('1');
  });

  it('reads a replaced answer from its stream, as before', async () => {
    for (const coding of [undefined, 'br']) {
      const response = await get('/replaced', coding);
      expect(response.headers.get('x-replaced')).toBe('yes');
      expect(response.headers.get('content-encoding') ?? undefined).toBe(coding);
      expect((await wire(response)).decoded).toBe(text);
    }
  });

  it('sends a small document, a HEAD and a non-JSON document as an ordinary Response would', async () => {
    for (const [path, method] of [
      ['/small', 'GET'],
      ['/document', 'HEAD'],
      ['/csv', 'GET'],
    ] as const) {
      const response = await get(path, 'br', method);
      expect(response.headers.get('content-encoding'), path).toBeNull();
    }
    const small = await get('/small', 'br');
    expect(small.headers.get('content-length')).toBe('2');
    expect(await small.text()).toBe('[]');
    expect(await (await get('/csv', 'br')).text()).toBe('a,b\n1,2');
  });
});
