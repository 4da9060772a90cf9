import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import {
  closedPort,
  guardFor,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  type TestServer,
} from './testing/targets.js';

let server: TestServer;
let httpsServer: TestServer;
let tlsCert: { cert: string; key: string };
const egress = guardFor();

beforeAll(async () => {
  server = await startHttpServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const status = /^\/status\/(\d+)$/.exec(url.pathname);
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    const delay = /^\/delay\/(\d+)$/.exec(url.pathname);
    if (status) {
      res.writeHead(Number(status[1])).end(`status ${status[1]}`);
    } else if (url.pathname === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', items: [{ name: 'a' }, { name: 'b' }], count: 3 }));
    } else if (url.pathname === '/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          auth: req.headers.authorization ?? '',
          x: req.headers['x-token'] ?? '',
          ua: req.headers['user-agent'] ?? '',
          body,
        }),
      );
    } else if (redirect) {
      const left = Number(redirect[1]);
      if (left === 0) res.writeHead(200).end('landed');
      else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
    } else if (url.pathname === '/redirect-to') {
      res.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
    } else if (delay) {
      setTimeout(() => res.writeHead(200).end('late'), Number(delay[1]));
    } else if (url.pathname === '/hang') {
      // never answers
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello world version=1.2.3');
    }
  });
  tlsCert = selfSignedCertificate(5);
  httpsServer = await startHttpsServer(tlsCert, (_req, res) => res.writeHead(200).end('secure'));
});

afterAll(async () => {
  await server.close();
  await httpsServer.close();
});

const run = (spec: Record<string, unknown>, timeoutMs = 5000) =>
  runCheck('http', { name: 'h', ...spec }, { egress, timeoutMs });

describe('http check against a local HTTP server', () => {
  it('passes on 2xx by default and names the status', async () => {
    const result = await run({ url: `${server.url}/` });
    expect(result.status).toBe('healthy');
    expect(result.message).toMatch(/^HTTP 200 in \d+ ms$/);
    expect(result.details.code).toBe(200);
    expect(result.duration).toBeGreaterThanOrEqual(0);
  });

  it('fails on a status outside 200..299 and accepts listed responseCodes', async () => {
    const bad = await run({ url: `${server.url}/status/503` });
    expect(bad).toMatchObject({ status: 'unhealthy', message: 'expected status 503 to be 200..299' });
    const listed = await run({ url: `${server.url}/status/404`, responseCodes: [404] });
    expect(listed.status).toBe('healthy');
    const wrong = await run({ url: `${server.url}/status/500`, responseCodes: [200, 201] });
    expect(wrong.message).toBe('expected status 500 to be in [200, 201]');
  });

  it('checks body contains, regex and JSONPath expectations', async () => {
    expect((await run({ url: server.url, responseContent: 'hello world' })).status).toBe('healthy');
    expect((await run({ url: server.url, responseContent: 'goodbye' })).message).toBe(
      "expected response to contain 'goodbye'",
    );
    expect((await run({ url: server.url, responseRegex: 'version=\\d+\\.\\d+' })).status).toBe('healthy');
    expect((await run({ url: server.url, responseRegex: '^nope' })).message).toBe('expected response to match /^nope/');
    const json = `${server.url}/json`;
    expect((await run({ url: json, responseJSONContent: { path: '$.status', value: 'ok' } })).status).toBe('healthy');
    expect((await run({ url: json, responseJSONContent: { path: '$.items[1].name', value: 'b' } })).status).toBe(
      'healthy',
    );
    expect((await run({ url: json, responseJSONContent: { path: '$.status', value: 'down' } })).message).toBe(
      "expected $.status to be 'down', got 'ok'",
    );
    expect((await run({ url: json, responseJSONContent: { path: '$.missing', value: 'x' } })).message).toBe(
      "expected $.missing to be 'x', found nothing",
    );
  });

  it('sends method, headers, body and basic auth', async () => {
    const result = await run({
      url: `${server.url}/echo`,
      method: 'POST',
      headers: [{ name: 'X-Token', value: 't1' }],
      body: '{"a":1}',
      username: { value: 'alice' },
      password: { value: 's3cret' },
      test: {
        expr: 'json.method == "POST" && json.x == "t1" && json.body == "{\\"a\\":1}" && json.ua == "canary-checker/mission-control"',
      },
    });
    expect(result.status).toBe('healthy');
    // The echo route answers JSON with an `auth` field.
    expect((result.details.json as { auth: string }).auth).toBe(
      `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
    );
  });

  it('templates the url from env and credentials, as canary-checker: $(.url), $(name), {{ .name }}', async () => {
    const whole = await run({ url: '$(.url)', env: [{ name: 'url', value: `${server.url}/echo` }] });
    expect(whole).toMatchObject({ status: 'healthy', details: { url: `${server.url}/echo` } });
    const parts = await run({
      url: `http://$(.user):$(pass)@${server.url.slice('http://'.length)}/{{ .path }}`,
      env: [
        { name: 'user', value: 'hello' },
        { name: 'pass', value: 'world' },
        { name: 'path', value: 'echo' },
      ],
    });
    expect((parts.details.json as { auth: string }).auth).toBe(
      `Basic ${Buffer.from('hello:world').toString('base64')}`,
    );
    const creds = await run({ url: `${server.url}/status/$(username)`, username: { value: '204' } });
    expect(creds.details.code).toBe(204);
    const notHttp = await run({ url: '$(.url)', env: [{ name: 'url', value: 'ftp://example.test/' }] });
    expect(notHttp).toMatchObject({
      status: 'unhealthy',
      invalid: true,
      message: 'url must be an http:// or https:// URL',
    });
    const unknown = await run({ url: '$(.url)' });
    expect(unknown).toMatchObject({ status: 'unhealthy', invalid: true });
  });

  it('sends a GET body with its length, as Go does (Node alone frames it with neither)', async () => {
    const result = await run({ url: `${server.url}/echo`, body: '{"a":1}' });
    expect(result.status).toBe('healthy');
    expect((result.details.json as { method: string; body: string }).body).toBe('{"a":1}');
  });

  it('renders a templateBody over its env values (upstream Go template) and refuses a broken one', async () => {
    const result = await run({
      url: `${server.url}/echo`,
      method: 'POST',
      templateBody: true,
      body: '{"user":"{{ printf "%s!" .USER }}","n":{{ .N }}}',
      env: [
        { name: 'USER', value: 'ann' },
        { name: 'N', value: '3' },
      ],
    });
    expect((result.details.json as { body: string }).body).toBe('{"user":"ann!","n":3}');
    const plain = await run({ url: `${server.url}/echo`, method: 'POST', body: '{{ .USER }}' });
    expect((plain.details.json as { body: string }).body).toBe('{{ .USER }}');
    const broken = await run({ url: `${server.url}/echo`, method: 'POST', templateBody: true, body: '{{ .USER ' });
    expect(broken).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(broken.message).toMatch(/^templateBody: /);
  });

  it('fails when the response is slower than thresholdMillis', async () => {
    const result = await run({ url: `${server.url}/delay/150`, thresholdMillis: 50 });
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^threshold exceeded: \d+ ms > 50 ms$/);
  });

  it('follows redirects by default (upstream: up to 10) and can be told not to', async () => {
    const followed = await run({ url: `${server.url}/redirect/3`, responseContent: 'landed' });
    expect(followed.status).toBe('healthy');
    expect(followed.details.redirects).toHaveLength(3);
    expect((await run({ url: `${server.url}/redirect/10` })).status).toBe('healthy');
    expect((await run({ url: `${server.url}/redirect/11` })).message).toMatch(/^too many redirects \(more than 10\)/);
    const stopped = await run({ url: `${server.url}/redirect/3`, followRedirects: false, responseCodes: [302] });
    expect(stopped.status).toBe('healthy');
    // an unfollowed redirect reports its own code; maxRedirects 0 stops following, as upstream
    const unlisted = await run({ url: `${server.url}/redirect/3`, maxRedirects: 0 });
    expect(unlisted).toMatchObject({ status: 'unhealthy', message: 'expected status 302 to be 200..299' });
    expect(unlisted.details.code).toBe(302);
    const tooMany = await run({ url: `${server.url}/redirect/5`, maxRedirects: 2 });
    expect(tooMany.message).toMatch(/^too many redirects \(more than 2\)/);
  });

  it('says connection refused for a closed port', async () => {
    const port = await closedPort();
    const result = await run({ url: `http://127.0.0.1:${port}/` });
    expect(result).toMatchObject({ status: 'unhealthy', message: `connection refused: 127.0.0.1:${port}` });
  });

  it('times out a server that never answers', async () => {
    const result = await run({ url: `${server.url}/hang` }, 300);
    expect(result).toMatchObject({ status: 'unhealthy', message: 'timed out after 300 ms' });
  });

  it('marks an unusable spec invalid with the reason', async () => {
    expect(await run({})).toMatchObject({
      status: 'unhealthy',
      message: 'no url or connection specified',
      invalid: true,
    });
    // the spec's schema refuses a URL that is not http(s) before any parse, and never echoes it
    expect((await run({ url: 'not a url' })).message).toBe(
      'invalid http check spec: url: url must be an http:// or https:// URL',
    );
    const spaced = await run({ url: 'http://u:sekret@exa mple.com/' });
    expect(spaced).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(spaced.message).not.toContain('sekret');
  });
});

describe('http check against a local HTTPS server with a self-signed certificate', () => {
  it('refuses the untrusted certificate by default', async () => {
    const result = await run({ url: httpsServer.url });
    expect(result.status).toBe('unhealthy');
    expect(result.message).toBe(`TLS certificate is self-signed and not trusted: 127.0.0.1:${httpsServer.port}`);
  });

  it('accepts it with insecureSkipVerify or with the certificate as CA', async () => {
    expect((await run({ url: httpsServer.url, tlsConfig: { insecureSkipVerify: true } })).status).toBe('healthy');
    const trusted = await run({
      url: `https://localhost:${httpsServer.port}/`,
      tlsConfig: { ca: { value: tlsCert.cert } },
    });
    expect(trusted.status).toBe('healthy');
    expect(trusted.details.sslExpiryDays).toBe(4);
  });

  it('reads the certificate on every run, over a kept-alive socket and a resumed TLS session alike', async () => {
    const spec = { url: `https://localhost:${httpsServer.port}/`, tlsConfig: { ca: { value: tlsCert.cert } } };
    for (let runIndex = 0; runIndex < 3; runIndex++) {
      const result = await run(spec);
      expect(result.details.sslExpiryDays, `run ${runIndex + 1}`).toBe(4);
    }
  });

  it('fails when the certificate expires within maxSSLExpiry days', async () => {
    const spec = { url: httpsServer.url, tlsConfig: { insecureSkipVerify: true } };
    const soon = await run({ ...spec, maxSSLExpiry: 10 });
    expect(soon.status).toBe('unhealthy');
    expect(soon.message).toMatch(/^TLS certificate expires in 4 days \(.+\), within maxSSLExpiry 10$/);
    expect((await run({ ...spec, maxSSLExpiry: 3 })).status).toBe('healthy');
  });
});
