import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPing } from '../check-types/icmp.js';
import { runCheck } from '../check-types/registry.js';
import { type DnsResponder, startDnsResponder } from '../check-types/testing/dns-responder.js';
import { startPrometheusDouble } from '../check-types/testing/prometheus-double.js';
import {
  guardFor,
  noteAbsent,
  portOpen,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  type TestServer,
} from '../check-types/testing/targets.js';
import { canonicalHeaderName } from './upstream-variables.js';

process.env.MC_EXEC_CHECKS = 'on';
const egress = guardFor();
const pgUp = await portOpen('127.0.0.1', 5432);
const myUp = await portOpen('127.0.0.1', 3306);
const redisUp = await portOpen('127.0.0.1', 6379);
const ping = await findPing();
noteAbsent('PostgreSQL at 127.0.0.1:5432', pgUp);
noteAbsent('MariaDB at 127.0.0.1:3306', myUp);
noteAbsent('Redis at 127.0.0.1:6379', redisUp);

let http: TestServer;
let https: TestServer;
let prometheus: TestServer;
let tcp: Server;
let tcpPort = 0;
let dns: DnsResponder;
const cert = selfSignedCertificate(30);

beforeAll(async () => {
  http = await startHttpServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-request-id', 'r-1');
    res.end(JSON.stringify({ rates: { EUR: 0.9, GBP: 0.8 }, status: 'ok' }));
  });
  https = await startHttpsServer(cert, (_req, res) => res.end('secure'));
  prometheus = await startPrometheusDouble({
    up: [
      { metric: { __name__: 'up', job: 'api', namespace: 'prod' }, value: 1 },
      { metric: { __name__: 'up', job: 'db' }, value: 0 },
    ],
  });
  tcp = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as { port: number }).port; // a TCP server's address is an AddressInfo
  dns = await startDnsResponder({ 'app.test': { A: ['10.1.2.3'] } }, []);
});

afterAll(async () => {
  await Promise.all([http.close(), https.close(), prometheus.close(), dns.close()]);
  tcp.close();
});

/** Runs a check whose test must pass; on failure the message names the expression and why. */
async function passes(type: string, spec: Record<string, unknown>, expr: string): Promise<void> {
  const result = await runCheck(
    type,
    { name: `${type}-upstream`, ...spec, test: { expr } },
    { egress, timeoutMs: 10_000 },
  );
  expect(result.message).not.toMatch(/expression/);
  expect(result.status).toBe('healthy');
}

describe("each check type's expressions see canary-checker's variable names", () => {
  it('http: code, headers (canonical names), json, content, elapsed and sslAge as durations', async () => {
    await passes(
      'http',
      { url: `${http.url}/rates` },
      'code in [200, 201] && headers["Content-Type"].startsWith("application/json") && ' +
        'headers["X-Request-Id"] == "r-1" && json.rates.keys().size() == 2 && content.contains("EUR") && ' +
        'elapsed < Duration("1m") && elapsed.getMilliseconds() >= 0 && elapsedMs >= 0 && sslAge == duration("0s")',
    );
    await passes(
      'http',
      { url: https.url, tlsConfig: { insecureSkipVerify: true } },
      'code == 200 && sslAge > Duration("7d") && sslAge < Duration("31d") && json == {}',
    );
  });

  it("http: sslAge is the certificate's time until it expires on every connection, a resumed TLS session's too", async () => {
    // upstream: time.Until(NotAfter) of the peer certificate. The first run caches a TLS session; runs at
    // once open further connections that resume it (Node then reports no peer certificate of its own).
    const spec = { url: https.url, tlsConfig: { insecureSkipVerify: true } };
    const expr = 'sslAge > Duration("29d") && sslAge <= Duration("30d")';
    await passes('http', spec, expr);
    await Promise.all(Array.from({ length: 4 }, () => passes('http', spec, expr)));
  });

  it('every type: results ({} when unset), pass, message, error, errorType, duration, check', async () => {
    await passes(
      'tcp',
      { endpoint: `127.0.0.1:${tcpPort}` },
      'results == {} && pass && error == "" && errorType == "" && duration >= 0 && check.name == "tcp-upstream"',
    );
  });

  it('dns: its records and the common names', async () => {
    await passes(
      'dns',
      { server: '127.0.0.1', port: dns.port, query: 'app.test' },
      'records == ["10.1.2.3"] && pass && results == {}',
    );
  });

  it('tls: the certificate fields and the common names', async () => {
    await passes(
      'tls',
      { endpoint: `localhost:${https.port}`, insecureSkipVerify: true },
      'sslExpiryDays >= 29 && pass && message.contains("valid")',
    );
  });

  it('prometheus: value, firstResult and results (labels plus value)', async () => {
    await passes(
      'prometheus',
      { url: prometheus.url, query: 'up' },
      'value == 1.0 && firstResult.job == "api" && dyn(results).map(r, r.omit(["value", "__name__"])).exists(l, l.job == "db") && results.size() == 2',
    );
  });

  it('exec: results.stdout, results.stderr, results.exitCode', async () => {
    await passes(
      'exec',
      { script: 'printf hello; printf oops >&2' },
      'results.stdout == "hello" && results.stderr == "oops" && results.exitCode == 0',
    );
  });

  it.skipIf(!pgUp)('postgres: results.rows and results.count', async () => {
    await passes(
      'postgres',
      { url: 'postgres://root@127.0.0.1:5432/test', query: 'SELECT 1 AS n UNION SELECT 2' },
      'results.count == 2 && dyn(results.rows).map(r, r.n).sort() == [1.0, 2.0]',
    );
  });

  it.skipIf(!myUp)('mysql: results.rows and results.count', async () => {
    await passes(
      'mysql',
      { url: 'mysql://root@127.0.0.1:3306/test', query: 'SELECT 7 AS n' },
      'results.count == 1 && results.rows[0].n == 7.0',
    );
  });

  it.skipIf(!redisUp)('redis: the common names', async () => {
    await passes('redis', { addr: '127.0.0.1:6379' }, 'pass && results == {} && message.contains("PONG")');
  });

  it.skipIf(!ping)('icmp: its packet figures and the common names', async () => {
    await passes(
      'icmp',
      { endpoint: '127.0.0.1', packetCount: 1 },
      'packetLoss == 0.0 && received == 1.0 && pass && results == {}',
    );
  });

  it("names headers as Go's CanonicalMIMEHeaderKey does", () => {
    expect(canonicalHeaderName('content-type')).toBe('Content-Type');
    expect(canonicalHeaderName('x-request-id')).toBe('X-Request-Id');
    expect(canonicalHeaderName('WWW-authenticate')).toBe('Www-Authenticate');
  });
});
