import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlainHttpPools, pooledHeaders, sendPooled } from './pooled-http.js';

let seen: IncomingHttpHeaders = {};
const server = createServer((req, res) => {
  if (req.url === '/never') return; // holds the request open: only an abort ends it
  seen = req.headers;
  res.writeHead(200, { 'x-one': ['a', 'b'] }).end(`${req.method} ${req.url}`);
});
const pools = createPlainHttpPools(1_000);
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port; // listening on TCP: an AddressInfo
});

afterAll(async () => {
  await pools.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('plain-http hops on the pools', () => {
  it('dial the checked address and name the URL host in Host', async () => {
    const url = new URL(`http://svc.test:${port}/path?q=1`);
    const headers = pooledHeaders({ 'X-Token': 't' }, url.host);
    const answer = await sendPooled(
      pools,
      url,
      'POST',
      headers ?? {},
      'body',
      '127.0.0.1',
      1_000,
      new AbortController().signal,
    );
    expect(answer.body).toEqual({ body: Buffer.from('POST /path?q=1'), truncated: false });
    expect(answer).toMatchObject({ status: 200, headers: { 'x-one': ['a', 'b'] } });
    expect(seen).toMatchObject({ host: `svc.test:${port}`, 'x-token': 't', 'content-length': '4' });
  });

  it('keep a body up to the limit and cut the answer there', async () => {
    const url = new URL(`http://svc.test:${port}/long`);
    const answer = await sendPooled(
      pools,
      url,
      'GET',
      { host: url.host },
      undefined,
      '127.0.0.1',
      5,
      new AbortController().signal,
    );
    expect(answer.body).toEqual({ body: Buffer.from('GET /'), truncated: true });
  });

  it("reject with the signal's reason once it aborts", async () => {
    const url = new URL(`http://svc.test:${port}/`);
    const aborted = new AbortController();
    aborted.abort(new Error('stop'));
    await expect(
      sendPooled(pools, url, 'GET', { host: url.host }, undefined, '127.0.0.1', 1_000, aborted.signal),
    ).rejects.toThrow('stop');
  });

  it("reject with the signal's reason when it aborts while the answer is awaited", async () => {
    const url = new URL(`http://svc.test:${port}/never`);
    const aborted = new AbortController();
    const sent = sendPooled(pools, url, 'GET', { host: url.host }, undefined, '127.0.0.1', 1_000, aborted.signal);
    setTimeout(() => aborted.abort(new Error('timed out')), 50);
    await expect(sent).rejects.toThrow('timed out');
  });

  it('keep a Host the check gave, and leave to Node the headers undici refuses', () => {
    expect(pooledHeaders({ Host: 'other' }, 'svc.test')).toEqual({ Host: 'other' });
    for (const name of ['Transfer-Encoding', 'keep-alive', 'Upgrade', 'Expect', 'Connection']) {
      expect(pooledHeaders({ [name]: 'x' }, 'svc.test')).toBeUndefined();
    }
  });
});
