import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { guardFor, selfSignedCertificate, startHttpsServer, type TestServer } from './testing/targets.js';

let server: TestServer;
let cert: { cert: string; key: string };
const egress = guardFor();

beforeAll(async () => {
  cert = selfSignedCertificate(12);
  server = await startHttpsServer(cert, (_req, res) => res.end('ok'));
});

afterAll(() => server.close());

const tls = (spec: Record<string, unknown>) =>
  runCheck('tls', { name: 'c', endpoint: `localhost:${server.port}`, ...spec }, { egress });

describe('tls check against a self-signed certificate expiring in 12 days', () => {
  it('passes when the certificate is trusted through ca and far enough from expiry', async () => {
    const result = await tls({ ca: { value: cert.cert }, maxSSLExpiry: 7 });
    expect(result.status).toBe('healthy');
    expect(result.message).toBe('TLS certificate valid for 11 more days');
    expect(result.details).toMatchObject({ authorized: true, sslExpiryDays: 11 });
  });

  it('fails within maxSSLExpiry days', async () => {
    const result = await tls({ ca: { value: cert.cert }, maxSSLExpiry: 30 });
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^TLS certificate expires in 11 days \(.+\), within maxSSLExpiry 30$/);
  });

  it('fails an untrusted certificate unless insecureSkipVerify', async () => {
    const untrusted = await tls({});
    expect(untrusted.message).toBe('TLS certificate is self-signed and not trusted');
    expect((await tls({ insecureSkipVerify: true })).status).toBe('healthy');
  });

  it('fails a host name the certificate does not cover, even with insecureSkipVerify', async () => {
    const result = await tls({ serverName: 'other.example', insecureSkipVerify: true });
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^TLS certificate does not match other\.example: /);
  });
});
