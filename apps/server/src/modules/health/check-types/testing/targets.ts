/**
 * Real local targets for the check-type tests: an HTTP server with fixed routes, an HTTPS server with a
 * self-signed certificate (made by openssl) that expires in N days, a probe for local services (a test
 * whose service is absent says so and skips), and egress guards for each policy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEgressGuard, type EgressGuard, type HostResolver } from '../../../../platform/egress/egress-guard.js';

/** A guard under the given policy (default allow-private), optionally with a test resolver. */
export function guardFor(policy = 'allow-private', allowList = '', resolve?: HostResolver): EgressGuard {
  return createEgressGuard({ getPolicy: () => ({ policy, allowList }), ...(resolve ? { resolve } : {}) });
}

/** True when something accepts TCP connections at host:port within a second. */
export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Says why a suite is skipped, once, when its service is absent. */
export function noteAbsent(service: string, up: boolean): void {
  if (!up) console.warn(`${service} is not reachable here; its check tests are skipped`);
}

/** A free local port with nothing listening (bound then released). */
export async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP: an AddressInfo
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A listening server and its base URL. */
export interface TestServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: string): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP: an AddressInfo
  return {
    server,
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  };
}

/** Starts an HTTP server on port 0 with the given handler. */
export function startHttpServer(handler: Handler): Promise<TestServer> {
  return listen(createHttpServer(route(handler)), 'http');
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for `days` days, made by openssl. */
export function selfSignedCertificate(days: number, commonName = 'localhost'): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mc-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        String(days),
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=DNS:${commonName},IP:127.0.0.1`,
      ],
      { stdio: 'ignore' },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts an HTTPS server on port 0 with the certificate and handler. */
export function startHttpsServer(tls: { cert: string; key: string }, handler: Handler): Promise<TestServer> {
  return listen(createHttpsServer(tls, route(handler)), 'https');
}
