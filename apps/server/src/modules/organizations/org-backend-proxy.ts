import { Readable } from 'node:stream';
import type { HonoRequest } from 'hono';
import type { Config } from '../../platform/config.js';
import type { EgressGuard } from '../../platform/egress/egress-guard.js';
import { AppError } from '../../platform/errors.js';
import { BackendAddressRefused } from './org-backend-address.js';
import { callBackend } from './org-backend-http.js';
import { PROVISIONING_MESSAGE } from './org-rules.js';

/** Request headers a proxied console call carries on to the backend. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile'];
/** Response headers the backend's answer keeps. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-range', 'location', 'cache-control'];
const STATUS_TIMEOUT_MS = 10_000;
const PROXY_TIMEOUT_MS = 60_000;
/** What the proxy answers when the backend cannot be reached (not a refusal: see {@link proxyToBackend}). */
export const UNREACHABLE_MESSAGE = 'The organisation’s backend cannot be reached';

/** The backend's state as spec 000 §8 names it, for the console's provisioning screen. */
export interface BackendStatus {
  state: 'provisioning' | 'ready' | 'error';
  message: string | null;
}

/**
 * Asks the backend's who-am-I with the member's token: 200 is ready; 5xx, 404 or no answer is still
 * provisioning; anything else (a redirect included, which is not followed) is an error. A backend
 * address the service may not reach is an error naming backend_url, and no request is sent.
 */
export async function backendStatus(
  config: Config,
  guard: EgressGuard,
  backendUrl: string,
  token: string,
): Promise<BackendStatus> {
  let status: number;
  try {
    const answer = await callBackend(config, guard, {
      backendUrl,
      path: '/api/auth/whoami',
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    });
    answer.resume();
    status = answer.statusCode ?? 503;
  } catch (error) {
    if (error instanceof BackendAddressRefused) return { state: 'error', message: error.message };
    status = 503;
  }
  if (status === 200) return { state: 'ready', message: null };
  if (status >= 500 || status === 404) return { state: 'provisioning', message: PROVISIONING_MESSAGE };
  return { state: 'error', message: `The organisation's backend answered ${status}` };
}

/**
 * Forwards one console call (non-direct mode) to the backend with the member's token: method, path,
 * query, body and the PostgREST headers; the answer streams back with its status and a few headers
 * (a redirect's Location is passed to the browser, never followed here). A refused backend address is
 * a 409 naming backend_url; an unreachable backend a 502.
 */
export async function proxyToBackend(
  config: Config,
  guard: EgressGuard,
  backendUrl: string,
  token: string,
  request: HonoRequest,
  path: string,
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.header(name);
    if (value) headers[name] = value;
  }
  const method = request.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
  let answer: Awaited<ReturnType<typeof callBackend>>;
  try {
    answer = await callBackend(config, guard, {
      backendUrl,
      path,
      method,
      headers,
      body,
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof BackendAddressRefused) throw new AppError('conflict', error.message);
    throw new AppError('bad_gateway', UNREACHABLE_MESSAGE);
  }
  const status = answer.statusCode ?? 0;
  if (status < 200 || status > 599) {
    answer.destroy();
    throw new AppError('bad_gateway', `The organisation’s backend answered an invalid status ${status}`);
  }
  const out = new Headers({ 'cache-control': 'no-store' });
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.headers[name];
    if (value) out.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const bodyless = method === 'HEAD' || status === 204 || status === 304;
  if (bodyless) answer.resume();
  // Node's readable stream as the web stream Response takes (the two ReadableStream types differ only nominally).
  const stream = bodyless ? null : (Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>);
  return new Response(stream, { status, headers: out });
}
