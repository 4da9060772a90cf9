/**
 * The keep-alive connection pools the http checks share in one process, as canary-checker's Go client
 * keeps its connections: a run finding an idle connection to the same host, port, TLS settings and
 * guard-checked address sends on it instead of opening one. On the 2-core machine a fresh connection per
 * run (connect, socket set-up, close and the garbage after) was the largest share of a run's Node CPU.
 *
 * Each pooled socket still dials only an address the egress guard allowed: the pool key carries the
 * address the request's pinned lookup answers, so a name that now resolves elsewhere never rides a
 * socket opened to its old address. Idle sockets close after {@link IDLE_SOCKET_MS}, before the 5 s a
 * Node server keeps an idle connection, so a run rarely picks a socket its server is closing; a run whose
 * reused socket was reset before any answer is sent again on a fresh one (http.ts), as Go's transport does.
 *
 * The HTTPS pool caches no TLS sessions, as Go's client has no session cache by default: a connection
 * that resumed a session would report no peer certificate (Node keeps none for a resumed session), and
 * the check's `sslAge`, `sslExpiryDays` and `maxSSLExpiry` would read nothing. Each new connection does a
 * full handshake; a kept-alive socket keeps the certificate of its own. Plain-http requests go on
 * undici's pools instead (`plain`: platform/egress/pooled-http.ts, ADR 0016), keyed by the same checked address.
 */
import http from 'node:http';
import https from 'node:https';
import type { Dispatcher } from 'undici';
import { createPlainHttpPools } from '../../../platform/egress/pooled-http.js';

/** How long an idle pooled socket is kept. */
export const IDLE_SOCKET_MS = 4_000;

/** Idle sockets kept per pool key (per host, port, TLS settings and address). */
const MAX_FREE_SOCKETS = 64;

type LookupCallback = (error: Error | null, address: string | { address: string }[], family?: number) => void;

/** The address a request's pinned lookup (egress-guard.ts) answers; it answers synchronously. */
function pinnedAddress(options: { lookup?: unknown; host?: string | null }): string {
  if (typeof options.lookup !== 'function') return '';
  let address = '';
  (options.lookup as (host: string, opts: object, cb: LookupCallback) => void)(options.host ?? '', {}, (_, found) => {
    address = typeof found === 'string' ? found : (found[0]?.address ?? '');
  });
  return address;
}

class PinnedHttpAgent extends http.Agent {
  override getName(options: http.ClientRequestArgs = {}): string {
    return `${super.getName(options)}|${pinnedAddress(options)}`;
  }
}

class PinnedHttpsAgent extends https.Agent {
  override getName(options: https.RequestOptions = {}): string {
    return `${super.getName(options)}|${pinnedAddress(options)}`;
  }
}

const settings = {
  keepAlive: true,
  maxFreeSockets: MAX_FREE_SOCKETS,
  timeout: IDLE_SOCKET_MS,
  scheduling: 'lifo' as const,
};

/** The pools of one process: Node's agents, and undici's for plain http (platform/egress/pooled-http.ts). */
type CheckAgents = { http: http.Agent; https: https.Agent; plain: Dispatcher };

let shared: CheckAgents | undefined;

/** The process's pools for http checks, made on first use. */
export function checkAgents(): CheckAgents {
  shared ??= {
    http: new PinnedHttpAgent(settings),
    https: new PinnedHttpsAgent({ ...settings, maxCachedSessions: 0 }),
    plain: createPlainHttpPools(IDLE_SOCKET_MS),
  };
  return shared;
}

/** Closes the pooled sockets (tests; a process exiting needs nothing). */
export function closeCheckAgents(): void {
  shared?.http.destroy();
  shared?.https.destroy();
  void shared?.plain.destroy();
  shared = undefined;
}

/**
 * Whether a failed send may go again on a fresh connection: a reset or hang-up before any answer, the
 * way a server closing an idle keep-alive socket shows. Only methods safe to repeat (Go's rule).
 */
export function isStaleSocketError(error: unknown, method: string): boolean {
  if (!['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(method.toUpperCase())) return false;
  const code = (error as { code?: unknown } | null)?.code;
  // UND_ERR_SOCKET: undici's "other side closed" (pooled-http.ts), Node's reset or hang-up otherwise.
  return (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'UND_ERR_SOCKET' ||
    (error instanceof Error && error.message === 'socket hang up')
  );
}
