import { spawn, spawnSync } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor } from './testing/targets.js';

let server: Server;
let port: number;
const egress = guardFor();

beforeAll(async () => {
  server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('tcp check against a local TCP port', () => {
  it('connects to an open port', async () => {
    const result = await runCheck('tcp', { name: 't', endpoint: `127.0.0.1:${port}` }, { egress });
    expect(result.status).toBe('healthy');
    expect(result.message).toMatch(new RegExp(`^connected to 127.0.0.1:${port} in \\d+ ms$`));
    expect(result.details).toMatchObject({ host: '127.0.0.1', port, address: '127.0.0.1' });
  });

  it('runs test and display expressions over its details (tcp is templatable upstream)', async () => {
    const spec = {
      name: 't',
      endpoint: `127.0.0.1:${port}`,
      test: { expr: 'port > 0' },
      display: { template: 'open {{ .host }}' },
    };
    const result = await runCheck('tcp', spec, { egress });
    expect(result).toMatchObject({ status: 'healthy', message: 'open 127.0.0.1' });
  });

  it('connects through a name (localhost) at the checked address', async () => {
    const result = await runCheck('tcp', { name: 't', endpoint: `localhost:${port}` }, { egress });
    expect(result.status).toBe('healthy');
  });

  it('says connection refused for a closed port', async () => {
    const closed = await closedPort();
    const result = await runCheck('tcp', { name: 't', endpoint: `127.0.0.1:${closed}` }, { egress });
    expect(result).toMatchObject({ status: 'unhealthy', message: `connection refused: 127.0.0.1:${closed}` });
  });

  it('says when a name does not resolve', async () => {
    const result = await runCheck('tcp', { name: 't', endpoint: 'no-such-host.invalid:80' }, { egress });
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^name not found: no-such-host\.invalid$|^name lookup failed/);
  });

  it('rejects an endpoint without a port', async () => {
    const result = await runCheck('tcp', { name: 't', endpoint: '127.0.0.1' }, { egress });
    expect(result).toMatchObject({ message: "endpoint '127.0.0.1' has no port (expected host:port)", invalid: true });
  });
});

/**
 * A port whose connection queue is full: a python3 listener with backlog 0 that accepts nothing until told,
 * so the kernel drops the check's first SYN and its retry (about a second later) connects.
 */
const python = spawnSync('python3', ['--version']).status === 0;
const LISTENER = `
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(0)
print(s.getsockname()[1], flush=True)
sys.stdin.readline()
held = s.accept()
sys.stdin.readline()
`;

describe.skipIf(!python)('tcp check thresholdMillis against a port whose queue is full', () => {
  it('fails a connect slower than thresholdMillis, naming the time and the limit', async () => {
    const listener = spawn('python3', ['-c', LISTENER], { stdio: ['pipe', 'pipe', 'inherit'] });
    const filler: Socket[] = [];
    try {
      const slowPort = await new Promise<number>((resolve) =>
        listener.stdout.once('data', (data) => resolve(Number(String(data).trim()))),
      );
      const first = createConnection({ host: '127.0.0.1', port: slowPort });
      filler.push(first);
      await new Promise((resolve) => first.once('connect', resolve));
      const check = runCheck(
        'tcp',
        { name: 't', endpoint: `127.0.0.1:${slowPort}`, thresholdMillis: 100 },
        { egress, timeoutMs: 10_000 },
      );
      setTimeout(() => listener.stdin.write('\n'), 200);
      const result = await check;
      expect(result.status).toBe('unhealthy');
      expect(result.message).toMatch(/^threshold exceeded: \d+ ms > 100 ms$/);
      expect(result.duration).toBeGreaterThan(100);
    } finally {
      for (const socket of filler) socket.destroy();
      listener.kill();
    }
  });

  it('passes a quick connect within thresholdMillis', async () => {
    const result = await runCheck(
      'tcp',
      { name: 't', endpoint: `127.0.0.1:${port}`, thresholdMillis: 5000 },
      { egress },
    );
    expect(result.status).toBe('healthy');
  });
});
