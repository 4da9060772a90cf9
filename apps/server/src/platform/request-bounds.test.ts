import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundDocumentBodies, limitRequestBody } from './request-bounds.js';
import type { AppEnv } from './request-context.js';

const LIMIT = 1024;
let port = 0;
let close: () => void = () => {};

/** One POST to the real server: `chunked` sends the body without a Content-Length. */
function post(body: string, chunked = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = httpRequest({ host: '127.0.0.1', port, path: '/echo', method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (chunked) for (let at = 0; at < body.length; at += 256) req.write(body.slice(at, at + 256));
    else req.write(body);
    req.end();
  });
}

beforeAll(async () => {
  // The two middlewares as the app mounts them, behind @hono/node-server on a real socket.
  const app = new Hono<AppEnv>();
  app.use('*', limitRequestBody(LIMIT));
  app.use('*', boundDocumentBodies());
  app.post('/echo', async (c) => c.json({ got: await c.req.json() }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port; // a TCP listener
  close = () => server.close();
});
afterAll(() => close());

describe('request bodies over a real socket', () => {
  it('reads an announced body within the limit for the handler, past the depth check', async () => {
    const answer = await post(JSON.stringify({ results: [{ a: 1 }] }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ got: { results: [{ a: 1 }] } });
  });

  it('refuses an announced body over the limit with a 413, and a chunked one as it streams', async () => {
    const big = JSON.stringify({ x: 'y'.repeat(LIMIT) });
    for (const chunked of [false, true]) {
      const answer = await post(big, chunked);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
    }
  });

  it('refuses a body nested deeper than the document limit with a 400, announced or chunked', async () => {
    for (const chunked of [false, true]) {
      const answer = await post(`${'['.repeat(200)}${']'.repeat(200)}`, chunked);
      expect(answer.status).toBe(400);
    }
  });

  it('reads a chunked body within the limit', async () => {
    const answer = await post(JSON.stringify({ x: 'y'.repeat(600) }), true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).got.x).toHaveLength(600);
  });
});
