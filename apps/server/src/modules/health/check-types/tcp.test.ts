import { createServer, type Server } from 'node:net';
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
