import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * Someone else's server, for the connection walk tests (issue 25, finding 3): a TCP server on loopback that
 * records every byte it is sent and answers any request with HTTP 200 `{}`, so a test can assert that no
 * connection secret ever reached an address that is not the connection's own.
 */
export async function startCapture() {
  const chunks: Buffer[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a listening TCP server
  return {
    /** `127.0.0.1:<port>`, without a scheme. */
    base: `127.0.0.1:${port}`,
    /** Everything received so far. */
    seen: () => Buffer.concat(chunks).toString('latin1'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a capture server is. */
export type CaptureServer = Awaited<ReturnType<typeof startCapture>>;
