import { maskUrl } from '@mc/contracts';
import { type GuardedResponse, guardedRequest } from '../../../platform/egress/guarded-http.js';
import type { ResolvedConnection } from '../connections.service.js';
import { type ConnectionTester, describeError, type TesterOptions } from './tester.js';

/** Largest answer body a test reads. */
const MAX_BODY_BYTES = 64 * 1024;
/** Redirects a test follows, each hop checked by the egress guard. */
const MAX_REDIRECTS = 5;

/** One request through the egress guard: every hop (redirects included) is checked and pinned. */
export async function guardedCall(
  url: URL,
  options: TesterOptions,
  request: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    insecure?: boolean;
    tls?: { ca?: string; cert?: string; key?: string };
  },
): Promise<GuardedResponse> {
  const target = new URL(url.href);
  target.username = '';
  target.password = '';
  return guardedRequest({
    url: target.href,
    method: request.method ?? 'GET',
    headers: { accept: 'application/json, */*', ...request.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
    followRedirects: true,
    maxRedirects: MAX_REDIRECTS,
    insecureSkipVerify: request.insecure ?? false,
    ...request.tls,
    maxBodyBytes: MAX_BODY_BYTES,
    signal: AbortSignal.timeout(options.timeoutMs),
    guard: options.guard,
  });
}

/** Basic credentials: the fields, else those the URL embeds. */
function basicAuth(connection: ResolvedConnection, url: URL): Record<string, string> {
  const username = connection.username || decodeURIComponent(url.username);
  const password = connection.password || decodeURIComponent(url.password);
  if (!username && !password) return {};
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}

/** Parses the connection's URL or explains why it cannot be used. */
export function parseHttpUrl(value: string | null, what: string): URL {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new Error(`${what}: the URL is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${what}: the URL must start with http:// or https://`);
  return url;
}

/** A URL fit for a message: no embedded credentials. */
export const shown = (url: URL | string): string => maskUrl(typeof url === 'string' ? url : url.href);

/** GETs the URL; any answer below 400 is a success, 401/403 point at the credentials. */
export const testHttp: ConnectionTester = async (connection, options) => {
  const url = parseHttpUrl(connection.url, 'HTTP');
  let answer: GuardedResponse;
  try {
    answer = await guardedCall(url, options, {
      headers: basicAuth(connection, url),
      insecure: connection.insecure_tls,
    });
  } catch (error) {
    throw new Error(`HTTP: ${describeError(error)}`);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new Error(`HTTP: ${url.origin} answered ${answer.status}; check the username and password`);
  }
  if (answer.status >= 400) throw new Error(`HTTP: ${shown(answer.url)} answered ${answer.status}`);
  return `${url.origin} answered ${answer.status}`;
};

/** Asks Prometheus for its build info (`/api/v1/status/buildinfo`). */
export const testPrometheus: ConnectionTester = async (connection, options) => {
  const base = parseHttpUrl(connection.url, 'Prometheus');
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/api/v1/status/buildinfo`, base);
  let answer: GuardedResponse;
  try {
    answer = await guardedCall(url, options, {
      headers: basicAuth(connection, base),
      insecure: connection.insecure_tls,
    });
  } catch (error) {
    throw new Error(`Prometheus: ${describeError(error)}`);
  }
  if (answer.status >= 400) throw new Error(`Prometheus: ${shown(answer.url)} answered ${answer.status}`);
  try {
    // The Prometheus HTTP API envelope.
    const parsed = JSON.parse(answer.body.toString('utf8')) as { status?: string; data?: { version?: string } };
    if (parsed.status !== 'success') throw new Error('not a Prometheus answer');
    return `Prometheus ${parsed.data?.version ?? ''} answered`.replace('  ', ' ');
  } catch {
    throw new Error(`Prometheus: ${shown(answer.url)} did not answer like the Prometheus API`);
  }
};
