/**
 * The outside HTTP services the fixtures dial, answered locally: httpbin's endpoints (status, headers,
 * get/post/anything, basic and digest auth, redirects, delay, uuid, html, json), the exchange-rate API
 * (`/latest`), a JSON placeholder (`/todos`), an OAuth2 token endpoint (client credentials),
 * Prometheus's query API (`/api/v1/query`) and an application sign-in export (app-access-logs.ts). One
 * handler serves every host name (the replay's resolver sends every name here) on 80, 443 (TLS), 9090
 * and 8000.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { APP_ACCESS_LOGS_PATH, appAccessLogs } from './app-access-logs.js';
import type { TlsMaterial } from './tls-material.js';

type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** httpbin's header names are canonical (`User-Agent`), as Go's http server reports them. */
function canonicalHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    const canonical = name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
    headers[canonical] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  }
  return headers;
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** RFC 2617 digest check (qop=auth) of `/digest-auth/<qop>/<user>/<password>`. */
function digestAuthorized(req: IncomingMessage, user: string, password: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Digest ')) return false;
  const fields = Object.fromEntries(
    [...header.slice(7).matchAll(/(\w+)="?([^",]*)"?/g)].map((match) => [match[1], match[2]]),
  );
  if (fields.username !== user) return false;
  const ha1 = md5(`${user}:${fields.realm}:${password}`);
  const ha2 = md5(`${req.method}:${fields.uri}`);
  const expected = fields.qop
    ? md5(`${ha1}:${fields.nonce}:${fields.nc}:${fields.cnonce}:${fields.qop}:${ha2}`)
    : md5(`${ha1}:${fields.nonce}:${ha2}`);
  return expected === fields.response;
}

function authRoutes(req: IncomingMessage, parts: string[], reply: Reply): boolean {
  if (parts[0] === 'basic-auth' && parts.length === 3) {
    const expected = `Basic ${Buffer.from(`${parts[1]}:${parts[2]}`).toString('base64')}`;
    if (req.headers.authorization === expected) reply(200, { authenticated: true, user: parts[1] });
    else reply(401, '', { 'WWW-Authenticate': 'Basic realm="Fake Realm"' });
    return true;
  }
  if (parts[0] === 'digest-auth' && parts.length === 4) {
    const [, qop, user = '', password = ''] = parts;
    if (digestAuthorized(req, user, password)) reply(200, { authenticated: true, user });
    else {
      const challenge = `Digest realm="me@kennethreitz.com", nonce="${randomUUID()}", qop="${qop}", opaque="${md5('o')}"`;
      reply(401, '', { 'WWW-Authenticate': challenge });
    }
    return true;
  }
  return false;
}

const RATES = { GBP: 0.79, EUR: 0.92, ILS: 3.71, ZAR: 18.2 };
const PROMETHEUS_SAMPLES = [
  { metric: { __name__: 'up', job: 'podinfo', namespace: 'canaries', instance: '10.0.0.1:9797' }, value: '1' },
  { metric: { __name__: 'kubernetes_build_info', job: 'apiserver', git_version: 'v1.29.2' }, value: '1' },
];

/** The OAuth2 demo server's client (the fixture's credentials) and its token endpoint. */
const OAUTH_CLIENT = { id: 'demo-backend-client', secret: 'MJlO3binatD9jk1' };

function oauthToken(req: IncomingMessage, body: string, reply: Reply): void {
  const form = new URLSearchParams(body);
  const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  const [id, secret] = basic.includes(':') ? basic.split(':') : [form.get('client_id'), form.get('client_secret')];
  if (form.get('grant_type') !== 'client_credentials' || id !== OAUTH_CLIENT.id || secret !== OAUTH_CLIENT.secret) {
    reply(401, { error: 'invalid_client' });
    return;
  }
  reply(200, { access_token: randomUUID(), token_type: 'bearer', expires_in: 300, scope: form.get('scope') ?? '' });
}

function serviceRoutes(url: URL, reply: Reply): boolean {
  if (url.pathname === '/latest') {
    const wanted = (url.searchParams.get('to') ?? 'GBP,EUR').split(',');
    const rates = Object.fromEntries(Object.entries(RATES).filter(([code]) => wanted.includes(code)));
    reply(200, { amount: 1, base: url.searchParams.get('from') ?? 'EUR', date: '2024-01-02', rates });
    return true;
  }
  if (url.pathname === '/todos') {
    reply(
      200,
      Array.from({ length: 20 }, (_, i) => ({ userId: 1, id: i + 1, title: `todo ${i + 1}`, completed: i % 2 === 0 })),
    );
    return true;
  }
  if (url.pathname === APP_ACCESS_LOGS_PATH) {
    reply(200, appAccessLogs());
    return true;
  }
  if (url.pathname === '/api/v1/query') {
    const query = url.searchParams.get('query') ?? '';
    const name = /^[a-z_]+/.exec(query)?.[0] ?? '';
    const result = PROMETHEUS_SAMPLES.filter((sample) => sample.metric.__name__ === name)
      .filter(() => !query.includes('== 0'))
      .map((sample) => ({ metric: sample.metric, value: [Date.now() / 1000, sample.value] }));
    reply(200, { status: 'success', data: { resultType: 'vector', result } });
    return true;
  }
  return false;
}

async function binRoutes(req: IncomingMessage, url: URL, body: string, reply: Reply): Promise<void> {
  const parts = url.pathname.split('/').filter(Boolean);
  const echo = () => ({
    args: Object.fromEntries(url.searchParams),
    headers: canonicalHeaders(req),
    url: url.href,
    ...(body ? { data: body, json: safeJson(body) } : {}),
  });
  if (authRoutes(req, parts, reply) || serviceRoutes(url, reply)) return;
  if (url.pathname === '/oauth/v2/oauth-token') return oauthToken(req, body, reply);
  const [first, second] = parts;
  if (first === 'status') reply(Number(second) || 400, '');
  else if (first === 'headers') reply(200, { headers: canonicalHeaders(req) });
  else if (first === 'get' || first === 'post' || first === 'anything' || first === 'put') reply(200, echo());
  else if (first === 'uuid') reply(200, { uuid: randomUUID() });
  else if (first === 'json') reply(200, { slideshow: { author: 'Yours Truly', title: 'Sample Slide Show' } });
  else if (first === 'html')
    reply(200, '<html><body><h1>Herman Melville - Moby-Dick</h1></body></html>', { 'content-type': 'text/html' });
  else if (first === 'delay') setTimeout(() => reply(200, echo()), Math.min(10, Number(second) || 0) * 1000);
  else if (first === 'redirect-to') {
    reply(Number(url.searchParams.get('status_code') ?? 302), '', { Location: url.searchParams.get('url') ?? '/get' });
  } else if (first === 'redirect') {
    const left = Number(second) - 1;
    reply(302, '', { Location: left > 0 ? `/redirect/${left}` : '/get' });
  } else if (parts.length === 0)
    reply(200, '<html><body><a href="/get">get</a> <a href="/html">html</a></body></html>', {
      'content-type': 'text/html',
    });
  else reply(404, { error: 'not found' });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const reply: Reply = (status, body, headers = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const type = typeof body === 'string' ? 'text/plain' : 'application/json';
      res.writeHead(status, { 'content-type': type, ...headers }).end(text);
    };
    void binRoutes(req, url, Buffer.concat(chunks).toString('utf8'), reply);
  });
}

/** The running stand-in: the ports it holds and how to stop it. */
export interface HttpStandIn {
  ports: number[];
  refused: string[];
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
}

/** Starts the stand-in on 127.0.0.1: HTTP on 80, 9090 and 8000, HTTPS on 443 with `tls`. */
export async function startHttpBin(tls: TlsMaterial): Promise<HttpStandIn> {
  const servers: Server[] = [];
  const ports: number[] = [];
  const refused: string[] = [];
  const options = { cert: readFileSync(tls.cert), key: readFileSync(tls.key) };
  for (const [port, secure] of [
    [80, false],
    [443, true],
    [9090, false],
    [8000, false],
  ] as const) {
    const server = secure ? createHttpsServer(options, handle) : createHttpServer(handle);
    if (await listen(server, port)) {
      servers.push(server);
      ports.push(port);
    } else refused.push(`127.0.0.1:${port} is taken`);
  }
  return {
    ports,
    refused,
    close: async () => {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
