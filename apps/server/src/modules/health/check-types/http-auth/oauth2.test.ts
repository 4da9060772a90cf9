import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../registry.js';
import { guardFor, startHttpServer, type TestServer } from '../testing/targets.js';

let idp: TestServer;
let api: TestServer;
let issued = 0;
let expiresIn = 3600;
const live = new Set<string>();
const forms: URLSearchParams[] = [];

beforeAll(async () => {
  idp = await startHttpServer((req, res, body) => {
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const form = new URLSearchParams(body);
    forms.push(form);
    if (req.url !== '/token' || basic !== 'client-1:s3cr3t-xyz' || form.get('grant_type') !== 'client_credentials') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
      return;
    }
    issued += 1;
    const token = `tok-${issued}`;
    live.add(token);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: expiresIn }));
  });
  api = await startHttpServer((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const env = `env=${req.headers['x-env'] ?? ''} keep=${req.headers['x-keep'] ?? ''}`;
    res.writeHead(live.has(token) ? 200 : 401).end(`token ${token} ${env}`);
  });
});
afterAll(async () => {
  await idp.close();
  await api.close();
});

const spec = (extra: Record<string, unknown> = {}) => ({
  name: 'o',
  url: `${api.url}/data`,
  username: { value: 'client-1' },
  password: { value: 's3cr3t-xyz' },
  oauth2: { tokenURL: `${idp.url}/token`, scope: ['read', 'write'], params: { audience: 'api' } },
  ...extra,
});
const run = (body: Record<string, unknown>, egress = guardFor()) => runCheck('http', body, { egress, timeoutMs: 5000 });

describe('http check with oauth2 client credentials', () => {
  it('fetches a token (scope and params sent), sends it as bearer, and reuses it until expiry', async () => {
    const first = await run(spec({ responseContent: 'token tok-' }));
    expect(first.status).toBe('healthy');
    expect(forms.at(-1)?.get('scope')).toBe('read write');
    expect(forms.at(-1)?.get('audience')).toBe('api');
    const before = issued;
    expect((await run(spec())).status).toBe('healthy');
    expect(issued).toBe(before);
    expect(JSON.stringify(first)).not.toContain('s3cr3t-xyz');
  });

  it('replaces an authorization header of the spec, whatever its spelling', async () => {
    const result = await run(spec({ headers: [{ name: 'authorization', value: 'Basic c3RhbGU=' }] }));
    expect(result.status).toBe('healthy');
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    expiresIn = 5; // within the 10 s renewal margin: never reused
    const other = spec({ oauth2: { tokenURL: `${idp.url}/token`, scope: ['other'] } });
    await run(other);
    const before = issued;
    expect((await run(other)).status).toBe('healthy');
    expect(issued).toBe(before + 1);
    expiresIn = 3600;
  });

  it('fails naming the token endpoint answer for a wrong secret, without the secret', async () => {
    const result = await run(spec({ password: { value: 'nope-q1' } }));
    expect(result).toMatchObject({
      status: 'unhealthy',
      message: 'oauth2 token endpoint answered HTTP 401: invalid_client',
    });
    expect(JSON.stringify(result)).not.toContain('nope-q1');
  });

  it('puts the token URL under the egress policy', async () => {
    const denyPrivate = guardFor('deny-private');
    const result = await run(
      spec({ url: 'http://example.invalid/', oauth2: { tokenURL: `${idp.url}/other` } }),
      denyPrivate,
    );
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^oauth2 token request failed: .*(refused|not allowed|private)/i);
  });
});

describe('http check with a stored connection carrying bearer, OAuth2 or headers (duty HTTP connection properties)', () => {
  const withConnection = (properties: Record<string, string>, extra: Record<string, unknown> = {}) =>
    runCheck(
      'http',
      { name: 'c', connection: 'connection://http/api', url: `${api.url}/data`, ...extra },
      {
        egress: guardFor(),
        timeoutMs: 5000,
        resolveConnection: async () => ({ type: 'http', name: 'api', url: api.url, properties }),
      },
    );

  it("uses the connection's OAuth2 client (clientID, clientSecret, tokenURL, scopes, params)", async () => {
    const result = await withConnection({
      clientID: 'client-1',
      clientSecret: 's3cr3t-xyz',
      tokenURL: `${idp.url}/token`,
      scopes: 'a,b',
      params: '{"resource":"r1"}',
    });
    expect(result.status).toBe('healthy');
    expect(forms.at(-1)?.get('scope')).toBe('a b');
    expect(forms.at(-1)?.get('resource')).toBe('r1');
    expect(JSON.stringify(result)).not.toContain('s3cr3t-xyz');
  });

  it("sends the connection's bearer token and headers; the check's own header wins by name", async () => {
    live.add('static-token');
    const result = await withConnection(
      {
        bearer: 'static-token',
        headers: JSON.stringify([
          { name: 'X-Env', value: 'conn' },
          { name: 'X-Keep', value: 'k' },
        ]),
      },
      { headers: [{ name: 'X-Env', value: 'check' }] },
    );
    expect(result.status).toBe('healthy');
    expect(result.details.content).toBe('token static-token env=check keep=k');
  });
});
