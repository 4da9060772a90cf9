/**
 * The HTTP calls of the remote kinds (loki, elasticsearch/opensearch, kubernetes): through the egress
 * guard, with a connection's credentials (username and password → Basic, a password alone → Bearer),
 * bounded in size and time. A refusal by the remote becomes a {@link LogBackendError} carrying the
 * remote's own message: a 400 from it is a query error, anything else a remote error.
 */

import { MAX_DOCUMENT_DEPTH, parseBoundedJson } from '../../../platform/bounded-json.js';
import { EgressRefusedError } from '../../../platform/egress/egress-guard.js';
import { type GuardedResponse, guardedRequest } from '../../../platform/egress/guarded-http.js';
import { targetOf } from '../../connections/index.js';
import { type KindContext, LogBackendError } from './backend-kind.js';

/** Largest answer read from a backend. */
export const MAX_REMOTE_BYTES = 32 * 1024 * 1024;

/** Where to call and how to authenticate. */
export interface RemoteTarget {
  url: string;
  headers: Record<string, string>;
  insecure: boolean;
}

/**
 * The base URL and credentials of an entry: its own `url`, else its connection's; with a connection, its
 * own `url` only on the connection's scheme, host and port.
 */
export async function remoteTarget(
  entry: { url?: string | undefined; connection?: string | undefined },
  ctx: KindContext,
  kind: string,
): Promise<RemoteTarget> {
  const headers: Record<string, string> = {};
  let url = entry.url;
  let insecure = false;
  if (entry.connection) {
    const connection = await ctx.resolveConnection(entry.connection).catch((error: Error) => {
      throw new LogBackendError('query', `${kind}: ${error.message}`);
    });
    // The entry's own url may change only the path: the connection's credentials go to its own host.
    try {
      url = entry.url ? targetOf(connection, entry.url, 'url') : (connection.url ?? undefined);
    } catch (error) {
      throw new LogBackendError('query', `${kind}: ${(error as Error).message}`);
    }
    insecure = connection.insecure_tls === true;
    if (connection.username) {
      headers.authorization = `Basic ${Buffer.from(`${connection.username}:${connection.password ?? ''}`).toString('base64')}`;
    } else if (connection.password) headers.authorization = `Bearer ${connection.password}`;
  }
  if (!url) throw new LogBackendError('query', `${kind}: the entry names no url and no connection with one`);
  return { url: url.replace(/\/+$/, ''), headers, insecure };
}

/** The message inside an error answer: Elasticsearch's reason, a JSON `message`/`error`, or the text. */
export function remoteMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: string | { reason?: string; root_cause?: { reason?: string }[] };
      message?: string;
    };
    if (typeof parsed.error === 'object' && parsed.error) {
      return parsed.error.root_cause?.[0]?.reason ?? parsed.error.reason ?? body.slice(0, 500);
    }
    return parsed.message ?? parsed.error ?? body.slice(0, 500);
  } catch {
    return body.trim().slice(0, 500);
  }
}

/** One call; non-2xx answers become backend errors with the remote's message. */
export async function callRemote(
  kind: string,
  ctx: KindContext,
  target: { url: string; headers: Record<string, string>; insecure: boolean; ca?: string; cert?: string; key?: string },
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<GuardedResponse> {
  let response: GuardedResponse;
  try {
    response = await guardedRequest({
      url: target.url,
      method,
      headers: {
        accept: 'application/json',
        ...target.headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      followRedirects: false,
      maxRedirects: 0,
      insecureSkipVerify: target.insecure,
      ...(target.ca ? { ca: target.ca } : {}),
      ...(target.cert ? { cert: target.cert } : {}),
      ...(target.key ? { key: target.key } : {}),
      maxBodyBytes: MAX_REMOTE_BYTES,
      signal: ctx.signal,
      guard: ctx.egress,
    });
  } catch (error) {
    if (error instanceof EgressRefusedError) throw new LogBackendError('query', `${kind}: ${error.message}`);
    throw new LogBackendError('remote', `${kind}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status < 200 || response.status >= 300) {
    const message = `${kind} answered HTTP ${response.status}: ${remoteMessage(response.body.toString('utf8'))}`;
    throw new LogBackendError(response.status === 400 ? 'query' : 'remote', message);
  }
  if (response.truncated)
    throw new LogBackendError('remote', `${kind}: the answer is larger than ${MAX_REMOTE_BYTES} bytes`);
  return response;
}

/** The JSON of an answer, bounded; an answer that is not JSON is a remote error. */
export function jsonOf(kind: string, response: GuardedResponse): unknown {
  try {
    return parseBoundedJson(
      response.body.toString('utf8'),
      { maxBytes: MAX_REMOTE_BYTES, maxDepth: MAX_DOCUMENT_DEPTH },
      `answer of ${kind}`,
    );
  } catch (error) {
    throw new LogBackendError('remote', `${kind}: the answer is not JSON (${(error as Error).message})`);
  }
}
