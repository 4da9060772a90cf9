import { createServer, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/** A Hono app's `fetch` as @hono/node-server calls it. */
type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * An HTTP listener that can stop without cutting a request (docs/operations.md#probes-and-graceful-shutdown;
 * docs/adr/0014-graceful-http-shutdown.md says why it is not a library's).
 *
 * `drain()` starts a shutdown while still listening: every answer from then on — those of requests
 * already running included — carries `Connection: close`, so each connection closes right after its
 * current answer, and `/readyz` (which reads the same lifecycle) sends load balancers elsewhere. An
 * idle kept-alive connection is left open until `close`: closing it under a client that is writing
 * its next request on it resets that request (measured: most polling clients lost one), while
 * answering that request with `Connection: close` loses nothing. Event streams end at once (an
 * EventSource reconnects, to a ready replica).
 *
 * `close(deadline)` waits until no request is being answered, then stops listening and closes the
 * idle connections, and resolves when the last connection has closed — or at `deadline`, when the
 * ones left are cut.
 */
export interface GracefulHttpServer {
  /** Listens on `host:port` (port 0: any free port) and resolves with the bound address. */
  listen(port: number, host: string): Promise<AddressInfo>;
  drain(): void;
  /** Drains (if not yet) and stops as above; `deadline` is an epoch time in milliseconds. */
  close(deadline: number): Promise<void>;
}

/** Ends an event stream's answer properly (its last chunk), if it has not ended. */
function endStream(response: object): void {
  if (response instanceof ServerResponse && !response.writableEnded) response.end();
}

/** Serves `fetch` (a Hono app) over HTTP/1.1 with the graceful stop of {@link GracefulHttpServer}. */
export function gracefulHttpServer(fetch: Fetch, hostname?: string): GracefulHttpServer {
  const answering = new Set<ServerResponse>();
  /** Answers that are event streams: they never end by themselves. */
  const eventStreams = new WeakSet<object>();
  let draining = false;
  /** Set by `close`: called whenever an answer ends. */
  let settle: (() => void) | undefined;
  const listener = getRequestListener(
    async (request, env) => {
      const answer = await fetch(request, env);
      if (!(answer instanceof Response)) return answer;
      // Hono's streamSSE asks for keep-alive itself; while draining, no answer may. (Headers of an
      // answer passed through from fetch() are immutable; the header set at the request's start stays.)
      if (draining) {
        try {
          answer.headers.set('Connection', 'close');
        } catch {}
      }
      if (answer.headers.get('content-type')?.startsWith('text/event-stream')) {
        eventStreams.add(env.outgoing);
        if (draining) setImmediate(() => endStream(env.outgoing)); // once its headers are written
      }
      return answer;
    },
    { hostname },
  );
  const server: Server = createServer((request, response) => {
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      settle?.();
    });
    if (draining) response.setHeader('Connection', 'close');
    void listener(request, response); // answers every error itself (500 at worst)
  });

  const drain = () => {
    if (draining) return;
    draining = true;
    for (const response of answering) {
      if (eventStreams.has(response)) endStream(response);
      else if (!response.headersSent) response.setHeader('Connection', 'close');
    }
  };

  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo); // a TCP listener always has an AddressInfo
        });
      }),
    drain,
    close(deadline) {
      drain();
      return new Promise<void>((resolve) => {
        let listening = true;
        const stopListening = () => {
          listening = false;
          settle = undefined;
          // Stops accepting, closes the idle connections, and calls back once the last one has closed.
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
        };
        const cut = setTimeout(
          () => {
            if (listening) stopListening();
            server.closeAllConnections();
          },
          Math.max(0, deadline - Date.now()),
        );
        settle = () => {
          if (listening && answering.size === 0) stopListening();
        };
        settle();
      });
    },
  };
}
