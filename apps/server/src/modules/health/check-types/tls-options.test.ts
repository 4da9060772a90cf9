import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';
import { makeTlsChain, type TlsChain } from './testing/tls-chain.js';

let chain: TlsChain;
let mtls: ReturnType<typeof createHttpsServer>;
let mtlsUrl: string;
let silent: Server;
let silentPort: number;
const held = new Set<Socket>();

const listen = async (server: Server | ReturnType<typeof createHttpsServer>) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port; // a TCP listener: AddressInfo
};

beforeAll(async () => {
  chain = makeTlsChain();
  const options = {
    cert: chain.serverCert,
    key: chain.serverKey,
    ca: chain.ca,
    requestCert: true,
    rejectUnauthorized: true,
  };
  mtls = createHttpsServer(options, (req, res) => {
    const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
    if (req.url?.startsWith('/api/v1/query')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: 'success',
          data: { resultType: 'vector', result: [{ metric: {}, value: [0, '7'] }] },
        }),
      );
      return;
    }
    res.writeHead(200).end(`hello ${peer.subject?.CN}`);
  });
  mtlsUrl = `https://localhost:${await listen(mtls)}`;
  silent = createTcpServer((socket) => held.add(socket)); // accepts, never speaks TLS
  silentPort = await listen(silent);
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  mtls.closeAllConnections();
  await new Promise((done) => mtls.close(done));
  await new Promise((done) => silent.close(done));
});

const egress = guardFor();
const secrets = new Map<string, string>();
const run = (type: string, spec: Record<string, unknown>, timeoutMs = 5000) =>
  runCheck(
    type,
    { name: 't', ...spec },
    {
      egress,
      timeoutMs,
      resolveEnvSource: async (ref) => (ref.kind === 'secret' ? secrets.get(`${ref.name}/${ref.key}`) : undefined),
    },
  );

describe('tlsConfig on the http check', () => {
  it('presents the client certificate (key from a secret) and trusts the given CA', async () => {
    secrets.set('client/key', chain.clientKey);
    const result = await run('http', {
      url: mtlsUrl,
      tlsConfig: {
        ca: { value: chain.ca },
        cert: { value: chain.clientCert },
        key: { valueFrom: { secretKeyRef: { name: 'client', key: 'key' } } },
      },
      responseContent: 'hello mc-client',
    });
    expect(result.status).toBe('healthy');
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  });

  it('fails without the client certificate, and without the CA', async () => {
    const noCert = await run('http', { url: mtlsUrl, tlsConfig: { ca: { value: chain.ca } } });
    expect(noCert.status).toBe('unhealthy');
    const noCa = await run('http', {
      url: mtlsUrl,
      tlsConfig: { cert: { value: chain.clientCert }, key: { value: chain.clientKey } },
    });
    expect(noCa.status).toBe('unhealthy');
    expect(noCa.message).toMatch(/certificate/i);
    const skip = await run('http', {
      url: mtlsUrl,
      tlsConfig: { insecureSkipVerify: true, cert: { value: chain.clientCert }, key: { value: chain.clientKey } },
    });
    expect(skip.status).toBe('healthy');
  });

  it('refuses a certificate without its key', async () => {
    const result = await run('http', { url: mtlsUrl, tlsConfig: { cert: { value: chain.clientCert } } });
    expect(result).toMatchObject({
      message: 'tlsConfig: both a client certificate (cert) and its key are needed',
      invalid: true,
    });
  });

  it('gives up on a handshake slower than handshakeTimeout', async () => {
    const started = Date.now();
    const result = await run('http', {
      url: `https://127.0.0.1:${silentPort}/`,
      tlsConfig: { handshakeTimeout: '200ms' },
    });
    expect(result.status).toBe('unhealthy');
    expect(result.error ?? result.message).toMatch(/TLS handshake timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('tlsConfig on the prometheus check', () => {
  it('queries through mutual TLS', async () => {
    const tlsConfig = { ca: { value: chain.ca }, cert: { value: chain.clientCert }, key: { value: chain.clientKey } };
    const result = await run('prometheus', { url: mtlsUrl, query: 'up', tlsConfig, test: { expr: 'value == 7.0' } });
    expect(result.status).toBe('healthy');
    const without = await run('prometheus', { url: mtlsUrl, query: 'up', tlsConfig: { ca: { value: chain.ca } } });
    expect(without.status).toBe('unhealthy');
    const untrusted = await run('prometheus', {
      url: mtlsUrl,
      query: 'up',
      tlsConfig: { ...tlsConfig, ca: undefined },
    });
    expect(untrusted.status).toBe('unhealthy');
    const skipped = await run('prometheus', {
      url: mtlsUrl,
      query: 'up',
      tlsConfig: { ...tlsConfig, ca: undefined, insecureSkipVerify: true },
    });
    expect(skipped.status).toBe('healthy');
  });

  it('honours handshakeTimeout', async () => {
    const result = await run('prometheus', {
      url: `https://127.0.0.1:${silentPort}`,
      query: 'up',
      tlsConfig: { handshakeTimeout: '150ms' },
    });
    expect(result.error ?? result.message).toMatch(/TLS handshake timed out after 150 ms/);
  });
});
