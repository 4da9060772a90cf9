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
