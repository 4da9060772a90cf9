import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../registry.js';
import { guardFor, startHttpServer, type TestServer } from '../testing/targets.js';

const REALM = 'mc-test';
const USERS: Record<string, string> = { alice: 'wonder land' };

/** The server's digest check (RFC 7616, qop=auth), written for the test. */
function verifyDigest(method: string, header: string, nonces: Set<string>, algorithm: string): boolean {
  const fields = Object.fromEntries(
    [...header.matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]+))/g)].map((m) => [m[1], m[2] ?? m[3] ?? '']),
  );
  const password = USERS[fields.username ?? ''];
  if (password === undefined || !nonces.has(fields.nonce ?? '') || fields.algorithm !== algorithm) return false;
  const h = (text: string) =>
    createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5')
      .update(text)
      .digest('hex');
  const ha1 = h(`${fields.username}:${REALM}:${password}`);
  const ha2 = h(`${method}:${fields.uri}`);
  return fields.response === h(`${ha1}:${fields.nonce}:${fields.nc}:${fields.cnonce}:${fields.qop}:${ha2}`);
}

let server: TestServer;
const nonces = new Set<string>();

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const algorithm = req.url?.startsWith('/sha') ? 'SHA-256' : 'MD5';
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Digest ') && verifyDigest(req.method ?? '', header, nonces, algorithm)) {
      res.writeHead(200).end('welcome');
      return;
    }
    const nonce = randomBytes(12).toString('hex');
    nonces.add(nonce);
    res
      .writeHead(401, {
        'www-authenticate': `Digest realm="${REALM}", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="o1"`,
      })
      .end('who are you');
  });
});
afterAll(() => server.close());

const run = (spec: Record<string, unknown>) =>
  runCheck('http', { name: 'd', ...spec }, { egress: guardFor(), timeoutMs: 5000 });

describe('http check with digest: true', () => {
  it('answers the MD5 and SHA-256 challenges', async () => {
    const creds = { username: { value: 'alice' }, password: { value: 'wonder land' }, digest: true };
    for (const path of ['/md5/x?y=1', '/sha/x']) {
      const result = await run({ url: `${server.url}${path}`, ...creds, responseContent: 'welcome' });
      expect(result.status, path).toBe('healthy');
    }
  });

  it('reports the 401 for a wrong password, without the password', async () => {
    const result = await run({
      url: server.url,
      username: { value: 'alice' },
      password: { value: 'not-it-x9' },
      digest: true,
    });
    expect(result).toMatchObject({ status: 'unhealthy', message: 'expected status 401 to be 200..299' });
    expect(JSON.stringify(result)).not.toContain('not-it-x9');
  });

  it('without digest sends basic, which the digest server refuses', async () => {
    const result = await run({ url: server.url, username: { value: 'alice' }, password: { value: 'wonder land' } });
    expect(result.details.code).toBe(401);
  });
});
