import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { runCheck } from './registry.js';
import { guardFor, startHttpServer } from './testing/targets.js';

// Rule zero for the http, prometheus and redis specs: a field is run (tests beside each check type and in
// http-auth/) or refused when the canary is saved, with a 400 naming it. These are the refusals.
let t: HealthTestApp;
let admin: string;

beforeAll(async () => {
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});
afterAll(() => t.close());

const canary = (checks: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'fields' },
  spec: checks,
});
const http = (extra: Record<string, unknown>) =>
  canary({ http: [{ name: 'h', url: 'https://example.test', ...extra }] });

describe('saving a canary with http fields this server does not run', () => {
  it.each([
    [
      'crawl.filters (declared upstream, never applied there)',
      http({ crawl: { depth: 2, filters: ['/docs/'] } }),
      'spec.http.0.crawl.filters: crawl.filters is not supported by this server (canary-checker never applies it: use allowedURLFilters or disallowedURLFilters)',
    ],
    [
      'crawl.parallelism above the bound',
      http({ crawl: { parallelism: 9 } }),
      'spec.http.0.crawl.parallelism: Parallelism must be at most 8',
    ],
    [
      'crawl.delay',
      http({ crawl: { delay: 'soon' } }),
      'spec.http.0.crawl.delay: crawl.delay must be a duration such as 500ms or 1s',
    ],
    [
      'awsSigV4.assumeRole',
      http({ awsSigV4: { accessKey: { value: 'a' }, secretKey: { value: 's' }, assumeRole: 'arn:aws:iam::1:role/x' } }),
      'spec.http.0.awsSigV4.assumeRole: awsSigV4.assumeRole is not supported by this server',
    ],
    [
      'awsSigV4.connection',
      http({ awsSigV4: { connection: 'connection://aws/prod', accessKey: { value: 'a' }, secretKey: { value: 's' } } }),
      'spec.http.0.awsSigV4.connection: awsSigV4.connection is not supported by this server',
    ],
    [
      'awsSigV4.endpoint',
      http({ awsSigV4: { endpoint: 'http://x', accessKey: { value: 'a' }, secretKey: { value: 's' } } }),
      'spec.http.0.awsSigV4.endpoint: awsSigV4.endpoint is not supported by this server',
    ],
    [
      'awsSigV4.skipTLSVerify',
      http({ awsSigV4: { skipTLSVerify: true, accessKey: { value: 'a' }, secretKey: { value: 's' } } }),
      'spec.http.0.awsSigV4.skipTLSVerify: awsSigV4.skipTLSVerify is not supported by this server',
    ],
    [
      'awsSigV4 without keys',
      http({ awsSigV4: { region: 'eu-west-1' } }),
      'spec.http.0.awsSigV4.accessKey: awsSigV4.accessKey is required (the default AWS credential chain is not supported by this server)',
    ],
    ['oauth2 without tokenURL', http({ oauth2: { scope: ['a'] } }), 'spec.http.0.oauth2.tokenURL'],
    [
      // upstream's oauth2 block has no client fields: the client id and secret are username and password
      'oauth2.clientID',
      http({ oauth2: { tokenURL: 'https://idp.test/token', clientID: 'x' } }),
      'oauth2.clientID',
    ],
    [
      'a bad handshakeTimeout',
      canary({ redis: [{ name: 'r', addr: 'x:1', tlsConfig: { handshakeTimeout: 'soon' } }] }),
      'spec.redis.0.tlsConfig.handshakeTimeout: handshakeTimeout must be a duration such as 10s or 500ms',
    ],
  ])('answers 400 naming %s', async (_label, body, message) => {
    const res = await t.call(admin, 'POST', '/api/canaries', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it('accepts the fields it runs', async () => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary({
        http: [
          {
            name: 'h',
            url: 'https://example.test',
            digest: true,
            ntlmv2: true,
            oauth2: { tokenURL: 'https://idp.test/token', scope: ['a'], params: { audience: 'x' } },
            awsSigV4: { accessKey: { value: 'a' }, secretKey: { value: 's' }, region: 'eu-west-1', service: 'es' },
            tlsConfig: { insecureSkipVerify: false, handshakeTimeout: '5s', ca: { value: 'pem' } },
            followRedirects: false,
            maxRedirects: 0,
          },
          // upstream's templated url: env without templateBody fills it
          { name: 'u', url: '$(.url)', env: [{ name: 'url', value: 'https://example.test' }] },
        ],
        prometheus: [{ name: 'p', url: 'https://prom.test', query: 'up', tlsConfig: { handshakeTimeout: '1s' } }],
        redis: [
          { name: 'r', addr: 'cache:6379', tlsConfig: { enable: true, cert: { value: 'c' }, key: { value: 'k' } } },
        ],
      }),
    );
    expect(res.status).toBe(201);
  });
});

describe('http endpoint, the deprecated alias of url', () => {
  it('is dialled when url is absent, and refused beside url (as upstream)', async () => {
    const server = await startHttpServer((req, res) => res.writeHead(200).end(`at ${req.url}`));
    try {
      const egress = guardFor();
      const viaEndpoint = await runCheck(
        'http',
        { name: 'e', endpoint: `${server.url}/old`, responseContent: 'at /old' },
        { egress },
      );
      expect(viaEndpoint.status).toBe('healthy');
      const both = await runCheck('http', { name: 'e', endpoint: server.url, url: server.url }, { egress });
      expect(both).toMatchObject({ message: 'cannot specify both endpoint and url', invalid: true });
    } finally {
      await server.close();
    }
  });
});
