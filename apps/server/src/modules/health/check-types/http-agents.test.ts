import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCheckAgents } from './http-agents.js';
import { cachedRequestParts, clearRequestPartsCache } from './http-request-cache.js';
import { runCheck } from './registry.js';
import { guardFor, startHttpServer, type TestServer } from './testing/targets.js';

let server: TestServer;
let connections = 0;
/** The server's open sockets. */
const open = new Set<Socket>();
/** Sockets to drop (without an answer) on their next request: a server closing an idle keep-alive socket. */
const dropNext = new Set<Socket>();
const egress = guardFor();

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    if (dropNext.delete(req.socket)) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200).end(`token=${req.headers['x-token'] ?? ''}`);
  });
  server.server.on('connection', (socket: Socket) => {
    connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
});

afterAll(async () => {
  closeCheckAgents();
  await server.close();
});

/**
 * The next turn of the event loop: undici frees a connection just after its answer's end, so a run sent in
 * that same turn opens another (pooled-http.ts); a tick's overlapping checks keep several open anyway.
 */
const freed = () => new Promise((resolve) => setImmediate(resolve));

const http = (spec: Record<string, unknown>, options: Partial<Parameters<typeof runCheck>[2]> = {}) =>
  runCheck('http', { name: 'h', responseCodes: [200], ...spec }, { egress, ...options });

describe('http checks on keep-alive connections', () => {
  it('send every run of every check to one host on the connection the last run left open', async () => {
    connections = 0;
    for (let i = 0; i < 3; i++) {
      expect((await http({ url: `${server.url}/a` })).status).toBe('healthy');
      await freed();
      expect((await http({ url: `${server.url}/b` })).status).toBe('healthy');
      await freed();
    }
    expect(connections).toBe(1);
  });

  it('send again on a fresh connection when the pooled one is reset before an answer', async () => {
    dropNext.clear();
    expect((await http({ url: `${server.url}/warm` })).status).toBe('healthy');
    await freed();
    for (const socket of open) dropNext.add(socket);
    connections = 0;
    const result = await http({ url: `${server.url}/again` });
    expect(result).toMatchObject({ status: 'healthy', message: expect.stringMatching(/^HTTP 200 in/) });
    expect(connections).toBe(1);
  });

  it('never send a name that now resolves elsewhere on a socket opened to its old address', async () => {
    let address = '127.0.0.1';
    const moving = guardFor('allow-private', '', async () => [address]);
    const url = `http://svc.test:${server.port}/moving`;
    expect((await http({ url }, { egress: moving })).status).toBe('healthy');
    address = '127.0.0.2'; // nothing listens there on this port: the run must dial it and fail
    connections = 0;
    const moved = await http({ url }, { egress: moving });
    expect(moved.status).toBe('unhealthy');
    expect(connections).toBe(0);
  });

  it('never repeat a request that is not safe to repeat', async () => {
    dropNext.clear();
    expect((await http({ url: `${server.url}/warm` })).status).toBe('healthy');
    await freed();
    for (const socket of open) dropNext.add(socket);
    connections = 0;
    const result = await http({ url: `${server.url}/post`, method: 'POST', body: 'x' });
    expect(result.status).toBe('unhealthy');
    expect(connections).toBe(0);
  });
});

describe('http request parts built once per definition', () => {
  it('reuse the parts of a self-contained definition and build an edited one afresh', async () => {
    clearRequestPartsCache();
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const spec = { url: 'http://127.0.0.1/x', headers: [{ name: 'a', value: '1' }] };
    expect(await cachedRequestParts({ ...spec }, build)).toEqual({ n: 1 });
    expect(await cachedRequestParts({ ...spec }, build)).toEqual({ n: 1 });
    expect(await cachedRequestParts({ ...spec, url: 'http://127.0.0.1/y' }, build)).toEqual({ n: 2 });
  });

  it('answer a spec object seen before without serialising it again; an equal copy by its text', async () => {
    clearRequestPartsCache();
    let serialised = 0;
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const spec = {
      url: 'http://127.0.0.1/same',
      toJSON() {
        serialised++;
        return { url: this.url };
      },
    };
    expect(await cachedRequestParts(spec, build)).toEqual({ n: 1 });
    expect(await cachedRequestParts(spec, build)).toEqual({ n: 1 });
    expect(serialised).toBe(1);
    expect(await cachedRequestParts({ ...spec }, build)).toEqual({ n: 1 });
    expect(serialised).toBe(2);
  });

  it('build on every run what reads a secret, a config map or a stored connection', async () => {
    let builds = 0;
    const build = async () => ++builds;
    const secret = { url: 'http://h/', headers: [{ name: 'a', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] };
    await cachedRequestParts(secret, build);
    await cachedRequestParts(secret, build);
    await cachedRequestParts({ connection: 'connection://http/x' }, build);
    await cachedRequestParts({ connection: 'connection://http/x' }, build);
    await cachedRequestParts({ url: 'connection://http/x' }, build);
    await cachedRequestParts({ url: 'connection://http/x' }, build);
    expect(builds).toBe(6);
  });

  it('send a rotated secret at the next run', async () => {
    let token = 'one';
    const spec = {
      url: `${server.url}/secret`,
      responseContent: 'token=',
      headers: [{ name: 'x-token', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
    };
    const resolveEnvSource = async () => token;
    expect((await http(spec, { resolveEnvSource })).details.content).toBe('token=one');
    token = 'two';
    expect((await http(spec, { resolveEnvSource })).details.content).toBe('token=two');
  });
});
