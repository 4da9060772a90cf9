/**
 * Plain-http hops of the guarded client on undici's keep-alive pools (ADR 0016): on the 2-core machine
 * Node's `http.request` on a kept-alive socket cost ~100 µs of CPU per request (ClientRequest, the agent,
 * the parser's streams and their garbage), undici ~60 (issue 32 item 2).
 *
 * The pool is keyed by the address the egress guard checked, not the name: each hop is sent to
 * `http://<checked address>:<port>` with the URL's host in its `Host` header, so a socket only ever dials an
 * address the guard allowed, and a name that now resolves elsewhere never rides a socket opened to its old
 * address. undici closes an address's pool once its last socket has gone.
 *
 * HTTPS stays on Node's agents (guarded-http.ts): undici tells no request which socket carried it, and the
 * check reads the peer certificate of that socket. So do requests with a header undici refuses to send as
 * given (`transfer-encoding`, `keep-alive`, `upgrade`, `expect`, an unusual `connection`).
 */
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';

/** Headers undici refuses (its request.js); Node sends them as given, so such a request goes through Node. */
const REFUSED = new Set(['transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'connection']);

/** undici's keep-alive pools; sockets idle longer than `idleMs` close, as Node's agent's `timeout` did. */
export function createPlainHttpPools(idleMs: number): Dispatcher {
  return new Agent({ keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs, pipelining: 1 });
}

/**
 * The headers to send on the pools with `Host` set from the URL (unless given), or undefined when one of
 * them must go through Node's client.
 */
export function pooledHeaders(headers: Record<string, string>, host: string): Record<string, string> | undefined {
  let hasHost = false;
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (REFUSED.has(lower)) return undefined;
    if (lower === 'host') hasHost = true;
  }
  return hasHost ? headers : { ...headers, host };
}

/** One plain-http hop to the checked `address`; the body is left to read (or discard) by the caller. */
export async function sendPooled(
  pools: Dispatcher,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  address: string,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Readable }> {
  const literal = address.includes(':') ? `[${address}]` : address;
  const answer = await pools.request({
    origin: `http://${literal}:${url.port || '80'}`,
    path: `${url.pathname}${url.search}`,
    method: method as Dispatcher.HttpMethod, // any token: undici sends it as given, as Node does
    headers,
    body: body ?? null,
    signal,
  });
  return { status: answer.statusCode, headers: answer.headers, body: answer.body };
}
