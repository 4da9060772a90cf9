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

/** A body read up to a limit: its bytes, and whether the limit cut it. */
export interface ReadBody {
  body: Buffer;
  truncated: boolean;
}

/** One hop's answer on the pools, its body already read (up to the hop's limit). */
export interface PooledAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ReadBody;
}

/**
 * Collects one answer's status, headers and body (up to `max` bytes; past it the request is aborted and
 * the body kept truncated, as guarded-http.ts' readBody does on Node's client) straight from undici's
 * dispatch: no response stream, no async resource, no listeners per chunk — `Dispatcher.request`'s
 * stream and handler were a share of a check run's CPU (issue 32 item 2).
 */
class CollectingHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;

  constructor(
    private readonly max: number,
    private readonly signal: AbortSignal,
    private readonly resolve: (answer: PooledAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    signal.addEventListener('abort', this.onAbort);
  }

  private readonly onAbort = () => this.controller?.abort(this.signal.reason);

  private settle(): void {
    this.settled = true;
    this.signal.removeEventListener('abort', this.onAbort);
  }

  private finish(truncated: boolean): void {
    this.settle();
    const body = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
    this.resolve({ status: this.status, headers: this.headers, body: { body, truncated } });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal.aborted) controller.abort(this.signal.reason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (statusCode < 200) return; // an informational answer: the final one follows
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    const room = this.max - this.size;
    if (chunk.length <= room) {
      this.chunks.push(chunk);
      this.size += chunk.length;
      return;
    }
    this.chunks.push(chunk.subarray(0, room));
    this.size = this.max;
    this.finish(true);
    controller.abort(new Error('response body past the limit'));
  }

  onResponseEnd(): void {
    if (!this.settled) this.finish(false);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.settled) return; // the abort of a truncated body
    this.settle();
    this.reject(error);
  }
}

/**
 * One plain-http hop to the checked `address`, its body read up to `maxBodyBytes`; rejects as
 * `Dispatcher.request` does (the signal's reason once it aborts, undici's error otherwise).
 */
export function sendPooled(
  pools: Dispatcher,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  address: string,
  maxBodyBytes: number,
  signal: AbortSignal,
): Promise<PooledAnswer> {
  const literal = address.includes(':') ? `[${address}]` : address;
  return new Promise<PooledAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    pools.dispatch(
      {
        origin: `http://${literal}:${url.port || '80'}`,
        path: `${url.pathname}${url.search}`,
        method: method as Dispatcher.HttpMethod, // any token: undici sends it as given, as Node does
        headers,
        body: body ?? null,
      },
      new CollectingHandler(maxBodyBytes, signal, resolve, reject),
    );
  });
}
