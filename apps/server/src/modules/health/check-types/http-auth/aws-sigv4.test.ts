import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../registry.js';
import { guardFor, startHttpServer, type TestServer } from '../testing/targets.js';
import { signSigV4 } from './aws-sigv4.js';

// AWS's published SigV4 test suite, case get-vanilla (credentials and time are the suite's).
const SUITE = {
  accessKey: 'AKIDEXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
};

describe('AWS SigV4 signing', () => {
  it("reproduces the AWS test suite's get-vanilla signature", () => {
    const headers = signSigV4(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {} },
      SUITE,
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(headers['X-Amz-Date']).toBe('20150830T123600Z');
    expect(headers.Authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('infers region and service from an amazonaws.com host, and asks for them otherwise', () => {
    const inferred = signSigV4(
      { method: 'GET', url: new URL('https://sts.eu-west-2.amazonaws.com/'), headers: {} },
      { accessKey: 'a', secretKey: 's' },
    );
    expect(inferred.Authorization).toMatch(/Credential=a\/\d{8}\/eu-west-2\/sts\/aws4_request/);
    expect(() =>
      signSigV4({ method: 'GET', url: new URL('http://127.0.0.1/'), headers: {} }, { accessKey: 'a', secretKey: 's' }),
    ).toThrow('awsSigV4.service is needed');
  });
});

/** The test server's own SigV4 verifier, written from the AWS documentation independently of the signer. */
function verify(method: string, path: string, headers: Record<string, string | string[] | undefined>, body: string) {
  const auth = String(headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'malformed';
  const [, access, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (access !== 'AKIDLOCAL') return 'unknown key';
  const names = (signedHeaders ?? '').split(';');
  const canonicalHeaders = names.map((name) => `${name}:${String(headers[name]).trim()}\n`).join('');
  const [pathname, query = ''] = path.split('?');
  const sortedQuery = query.split('&').filter(Boolean).sort().join('&');
  const hex = (data: string) => createHash('sha256').update(data).digest('hex');
  const request = [method, pathname, sortedQuery, canonicalHeaders, signedHeaders, hex(body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${headers['x-amz-date']}\n${scope}\n${hex(request)}`;
  let key: Buffer = Buffer.from('AWS4local-secret');
  for (const part of [day, region, service, 'aws4_request'])
    key = createHmac('sha256', key)
      .update(part ?? '')
      .digest();
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  if (expected !== signature) return 'bad signature';
  return `ok ${region}/${service} token=${headers['x-amz-security-token'] ?? ''}`;
}

describe('http check with awsSigV4 against a verifying server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHttpServer((req, res, body) => {
      const verdict = verify(req.method ?? '', req.url ?? '', req.headers, body);
      res.writeHead(verdict.startsWith('ok') ? 200 : 403).end(verdict);
    });
  });
  afterAll(() => server.close());

  it('signs method, path, query, headers and body with the given keys, region and service', async () => {
    const result = await runCheck(
      'http',
      {
        name: 'aws',
        url: `${server.url}/api/items?b=2&a=1`,
        method: 'POST',
        body: '{"q":1}',
        awsSigV4: {
          accessKey: { value: 'AKIDLOCAL' },
          secretKey: { value: 'local-secret' },
          sessionToken: { value: 'tok-1' },
          region: 'eu-central-1',
          service: 'execute-api',
        },
        responseContent: 'ok eu-central-1/execute-api token=tok-1',
      },
      { egress: guardFor(), timeoutMs: 5000 },
    );
    expect(result.message).toMatch(/^HTTP 200/);
    expect(JSON.stringify(result)).not.toContain('local-secret');
  });

  it('fails when the secret is wrong', async () => {
    const result = await runCheck(
      'http',
      {
        name: 'aws',
        url: `${server.url}/`,
        awsSigV4: { accessKey: { value: 'AKIDLOCAL' }, secretKey: { value: 'wrong' }, region: 'r', service: 's' },
      },
      { egress: guardFor(), timeoutMs: 5000 },
    );
    expect(result).toMatchObject({ status: 'unhealthy', message: 'expected status 403 to be 200..299' });
  });
});
