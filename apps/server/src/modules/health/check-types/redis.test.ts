import { describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor, noteAbsent, portOpen } from './testing/targets.js';

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
