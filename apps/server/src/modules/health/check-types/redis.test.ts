import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor, noteAbsent, portOpen } from './testing/targets.js';
import { makeTlsChain, type TlsChain } from './testing/tls-chain.js';

const up = await portOpen('127.0.0.1', 6379);
noteAbsent('Redis at 127.0.0.1:6379', up);
const egress = guardFor();
const redis = (spec: Record<string, unknown>) => runCheck('redis', { name: 'r', ...spec }, { egress, timeoutMs: 5000 });

describe.skipIf(!up)('redis check against Redis on 127.0.0.1', () => {
  it('pings through addr and url', async () => {
    expect(await redis({ addr: '127.0.0.1:6379' })).toMatchObject({
      status: 'healthy',
      message: '127.0.0.1:6379 answered PONG',
    });
    expect((await redis({ url: 'redis://127.0.0.1:6379/1' })).status).toBe('healthy');
  });

  it('runs a command and tests its reply with CEL', async () => {
    const key = `mc-check-test-${process.pid}`;
    await redis({ addr: '127.0.0.1:6379', command: ['SET', key, 'green', 'EX', '60'] });
    const green = await redis({ addr: '127.0.0.1:6379', command: ['GET', key], test: { expr: 'reply == "green"' } });
    expect(green.status).toBe('healthy');
    const red = await redis({ addr: '127.0.0.1:6379', command: ['GET', key], test: { expr: 'reply == "red"' } });
    expect(red.message).toBe('test expression returned false: reply == "red"');
  });

  it('times out a server that accepts but never answers', async () => {
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const result = await runCheck('redis', { name: 'r', addr: `127.0.0.1:${port}` }, { egress, timeoutMs: 400 });
      expect(result).toMatchObject({ status: 'unhealthy', message: 'timed out after 400 ms' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });

  it('names the failure: authentication, refused', async () => {
    const auth = await redis({
      addr: '127.0.0.1:6379',
      username: { value: 'nobody-mc' },
      password: { value: 'wrong' },
    });
    expect(auth.status).toBe('unhealthy');
    expect(auth.message).toMatch(/^authentication failed: /);
    const port = await closedPort();
    expect((await redis({ addr: `127.0.0.1:${port}` })).message).toBe(`connection refused: 127.0.0.1:${port}`);
  });
});

describe.skipIf(!up)('redis check: addr beside a stored connection', () => {
  const stored = { type: 'redis', name: 'cache', url: 'redis://127.0.0.1:6379', password: 'pw-from-store' };
  const withConnection = (spec: Record<string, unknown>) =>
    runCheck(
      'redis',
      { name: 'r', connection: 'connection://redis/cache', ...spec },
      {
        egress,
        timeoutMs: 5000,
        resolveConnection: async () => stored,
      },
    );

  it("selects db from the spec, else from the connection's db property", async () => {
    const key = `mc-check-db-${process.pid}`;
    await redis({ addr: '127.0.0.1:6379', db: 3, command: ['SET', key, 'in-three', 'EX', '60'] });
    const fromProperty = await runCheck(
      'redis',
      {
        name: 'r',
        connection: 'connection://redis/cache',
        command: ['GET', key],
        test: { expr: 'reply == "in-three"' },
      },
      {
        egress,
        timeoutMs: 5000,
        resolveConnection: async () => ({ ...stored, password: null, properties: { db: '3' } }),
      },
    );
    expect(fromProperty.status).toBe('healthy');
    const otherDb = await redis({ addr: '127.0.0.1:6379', db: 4, command: ['GET', key] });
    expect(otherDb.details.reply).toBeNull();
  });

  it('dials addr (on the connection endpoint) instead of silently using the connection url', async () => {
    const port = await closedPort();
    const elsewhere = await withConnection({ addr: `127.0.0.1:${port}` });
    expect(elsewhere.status).toBe('unhealthy');
    expect(elsewhere.message).toContain(`127.0.0.1:${port}`);
    expect(JSON.stringify(elsewhere)).not.toContain('pw-from-store');
  });
});

function redisTlsSupported(): boolean {
  try {
    return /v=[67]\./.test(execFileSync('redis-server', ['--version'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

const tlsRedis = redisTlsSupported();
noteAbsent('redis-server (for the TLS Redis test)', tlsRedis);

describe.skipIf(!tlsRedis)('redis check with tlsConfig against redis-server requiring client certificates', () => {
  let chain: TlsChain;
  let server: ChildProcess;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'mc-redis-tls-'));

  beforeAll(async () => {
    chain = makeTlsChain();
    for (const [name, pem] of Object.entries(chain)) writeFileSync(`${dir}/${name}.pem`, pem);
    port = await closedPort();
    server = spawn(
      'redis-server',
      [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--tls-cert-file',
        `${dir}/serverCert.pem`,
        '--tls-key-file',
        `${dir}/serverKey.pem`,
        '--tls-ca-cert-file',
        `${dir}/ca.pem`,
        '--tls-auth-clients',
        'yes',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 50 && !(await portOpen('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 100));
  });

  afterAll(() => {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const tlsConfig = () => ({
    ca: { value: chain.ca },
    cert: { value: chain.clientCert },
    key: { value: chain.clientKey },
  });

  it('connects with the CA and client certificate (cert turns TLS on, as upstream)', async () => {
    const result = await redis({ addr: `localhost:${port}`, tlsConfig: tlsConfig() });
    expect(result).toMatchObject({ status: 'healthy', message: `localhost:${port} answered PONG` });
    const viaUrl = await redis({ url: `rediss://127.0.0.1:${port}`, tlsConfig: { ...tlsConfig(), enable: true } });
    expect(viaUrl.status).toBe('healthy');
  });

  it('fails without the client certificate, and with an untrusted server', async () => {
    const noCert = await redis({ addr: `127.0.0.1:${port}`, tlsConfig: { ca: { value: chain.ca } } });
    expect(noCert.status).toBe('unhealthy');
    const untrusted = await redis({
      addr: `127.0.0.1:${port}`,
      tlsConfig: { enable: true, cert: tlsConfig().cert, key: tlsConfig().key },
    });
    expect(untrusted.status).toBe('unhealthy');
    const skipped = await redis({
      addr: `127.0.0.1:${port}`,
      tlsConfig: { insecureSkipVerify: true, cert: tlsConfig().cert, key: tlsConfig().key },
    });
    expect(skipped.status).toBe('healthy');
  });

  it('refuses a handshakeTimeout on a connection without TLS instead of ignoring it', async () => {
    const result = await redis({ addr: `127.0.0.1:${port}`, tlsConfig: { handshakeTimeout: '1s' } });
    expect(result).toMatchObject({
      message: 'tlsConfig.handshakeTimeout needs TLS: set tlsConfig.enable (or use rediss://)',
      invalid: true,
    });
  });

  it('bounds connect and handshake by handshakeTimeout', async () => {
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const address = silent.address();
    const silentPort = typeof address === 'object' && address ? address.port : 0;
    try {
      const started = Date.now();
      const result = await redis({
        addr: `127.0.0.1:${silentPort}`,
        tlsConfig: { enable: true, handshakeTimeout: '200ms' },
      });
      expect(result.status).toBe('unhealthy');
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });
});
