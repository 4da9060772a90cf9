import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Answer } from '../health/bench-server.js';

/** One call of a case: method, path, JSON body and the headers the console sends with it. */
export interface BenchCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A keep-alive HTTP client for the server under bench that sends a call's own headers (the console's list
 * asks `Prefer: count=exact`, which the shared bench server's client cannot send), with a session token.
 * `keepAlive: false` opens a connection per call: for calls far apart, where a kept socket the server has just
 * closed (its keep-alive timeout) would answer "socket hang up".
 */
export function benchClient(baseUrl: string, options: { keepAlive?: boolean } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: 64 });
  const request = (call: BenchCall, token: string) =>
    new Promise<Answer & { contentRange?: string }>((resolve, reject) => {
      const started = performance.now();
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const req = http.request(
        {
          host: hostname,
          port,
          path: call.path,
          method: call.method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...call.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              bytes,
              body: Buffer.concat(chunks).toString('utf8'),
              contentRange: res.headers['content-range'],
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}
