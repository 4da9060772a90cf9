/**
 * The HTTP client of the checks (http, prometheus): every hop — the first URL and each redirect — goes
 * through the egress guard, and its socket connects to the address the guard checked (pinned lookup),
 * so neither a redirect to a private address nor a DNS answer that changes between check and connect
 * reaches a refused target. Redirects are followed by hand for that reason. Plain-http hops given undici's
 * pools go on them (pooled-http.ts); the rest on Node's client.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import type { Dispatcher } from 'undici';
import { type EgressGuard, pinnedLookup } from './egress-guard.js';
import { pooledHeaders, type ReadBody, sendPooled } from './pooled-http.js';

/** What to send. `headers` keys are sent as given. */
export interface GuardedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  followRedirects: boolean;
  maxRedirects: number;
  insecureSkipVerify?: boolean;
  ca?: string;
  /** A client certificate and key (PEM) for mutual TLS, e.g. a kubeconfig user's. */
  cert?: string;
  key?: string;
  /** Fails the hop when the TLS handshake takes longer (canary-checker's tlsConfig.handshakeTimeout). */
  handshakeTimeoutMs?: number;
  /**
   * Keep-alive agents to send through instead of one connection per request: NTLM authenticates the
   * connection, so its messages must share one socket. Each socket still dials the guard-checked address.
   * With `plain`, plain-http hops go on those undici pools instead (pooled-http.ts).
   */
  agents?: { http: http.Agent; https: https.Agent; plain?: Dispatcher };
  maxBodyBytes: number;
  signal: AbortSignal;
  guard: EgressGuard;
}

/** The peer certificate of an HTTPS response. */
export interface PeerCertificateInfo {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  daysRemaining: number;
}

/** The final response after any redirects. */
export interface GuardedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  certificate?: PeerCertificateInfo;
  redirects: { url: string; status: number }[];
  address: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** One hop's answer: its body still to read (Node's client), or read already up to the limit (the pools). */
interface HopAnswer {
  status: number;
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>;
  body: Readable | ReadBody;
  certificate?: PeerCertificateInfo;
}

/** Whether a hop's body was read already (undici's pools read it as it came: pooled-http.ts). */
const isRead = (body: Readable | ReadBody): body is ReadBody => Buffer.isBuffer((body as Partial<ReadBody>).body);

function flattenHeaders(headers: HopAnswer['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads a certificate's summary fields from a TLS socket; undefined for plain HTTP. */
export function peerCertificate(socket: unknown): PeerCertificateInfo | undefined {
  // The response socket of an https request is a TLSSocket; plain sockets lack getPeerCertificate.
  const tlsSocket = socket as Partial<TLSSocket> | null;
  if (!tlsSocket || typeof tlsSocket.getPeerCertificate !== 'function') return undefined;
  const cert = tlsSocket.getPeerCertificate(false);
  if (!cert?.valid_to) return undefined;
  const validTo = new Date(cert.valid_to);
  const name = (part: Record<string, string | string[] | undefined> | undefined) =>
    part
      ? Object.entries(part)
          .map(([key, value]) => `${key}=${String(value)}`)
          .join(', ')
      : '';
  return {
    // Certificate names are flat key → value maps at run time.
    subject: name(cert.subject as unknown as Record<string, string>),
    issuer: name(cert.issuer as unknown as Record<string, string>),
    validFrom: new Date(cert.valid_from).toISOString(),
    validTo: validTo.toISOString(),
    daysRemaining: (validTo.getTime() - Date.now()) / 86_400_000,
  };
}

function sendOnce(
  url: URL,
  req: GuardedRequest,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  address: Parameters<typeof pinnedLookup>[0],
): Promise<HopAnswer> {
  const pools = url.protocol === 'http:' ? req.agents?.plain : undefined;
  const pooled = pools && pooledHeaders(headers, url.host);
  if (pools && pooled)
    return sendPooled(pools, url, method, pooled, body, address.address, req.maxBodyBytes, req.signal);
  const client = url.protocol === 'https:' ? https : http;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise<HopAnswer>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        lookup: pinnedLookup(address),
        servername: isIP(host) ? undefined : host,
        rejectUnauthorized: !req.insecureSkipVerify,
        ca: req.ca,
        cert: req.cert,
        key: req.key,
        agent: req.agents ? req.agents[url.protocol === 'https:' ? 'https' : 'http'] : false,
        signal: req.signal,
      },
      (res) => {
        const certificate = peerCertificate(res.socket);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: res,
          ...(certificate ? { certificate } : {}),
        });
      },
    );
    request.on('error', reject);
    if (req.handshakeTimeoutMs !== undefined && url.protocol === 'https:') {
      limitHandshake(request, req.handshakeTimeoutMs);
    }
    // Node frames a GET/DELETE body with neither length nor chunking; Go sends its length, so do we.
    if (body !== undefined && !request.hasHeader('content-length')) {
      request.setHeader('Content-Length', Buffer.byteLength(body));
    }
    request.end(body);
  });
}

function limitHandshake(request: http.ClientRequest, ms: number): void {
  request.once('socket', (socket) => {
    // A reused keep-alive socket has finished its handshake already.
    if ((socket as TLSSocket).encrypted && !socket.connecting) return;
    const timer = setTimeout(() => request.destroy(new Error(`TLS handshake timed out after ${ms} ms`)), ms);
    socket.once('secureConnect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
}

function readBody(res: Readable, max: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    res.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const room = max - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = max;
        truncated = true;
        res.destroy();
        resolve({ body: Buffer.concat(chunks), truncated });
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    res.on('end', () => resolve({ body: Buffer.concat(chunks), truncated }));
    res.on('error', (err) => (truncated ? undefined : reject(err)));
  });
}

/** Sends the request, following redirects when asked, each hop checked by the egress guard. */
export async function guardedRequest(req: GuardedRequest): Promise<GuardedResponse> {
  let url = new URL(req.url);
  let method = req.method.toUpperCase();
  let body = req.body;
  let headers = { ...req.headers };
  const redirects: { url: string; status: number }[] = [];
  for (;;) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`unsupported URL scheme '${url.protocol}' in ${url.href} (only http and https)`);
    }
    const target = await req.guard.check(url.hostname, req.signal);
    const answer = await sendOnce(url, req, method, headers, body, target);
    const { status, certificate } = answer;
    const location = answer.headers.location;
    if (req.followRedirects && REDIRECT_STATUSES.has(status) && typeof location === 'string' && location) {
      if (!isRead(answer.body)) answer.body.resume();
      if (redirects.length >= req.maxRedirects) {
        throw new Error(`too many redirects (more than ${req.maxRedirects}), last to ${location}`);
      }
      const next = new URL(location, url);
      redirects.push({ url: next.href, status });
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)),
        );
      }
      if (next.origin !== url.origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)),
        );
      }
      url = next;
      continue;
    }
    const read = isRead(answer.body) ? answer.body : await readBody(answer.body, req.maxBodyBytes);
    const response: GuardedResponse = {
      url: url.href,
      status,
      headers: flattenHeaders(answer.headers),
      body: read.body,
      truncated: read.truncated,
      redirects,
      address: target.address,
    };
    if (certificate) response.certificate = certificate;
    return response;
  }
}
