import { UI_MESSAGES } from '@mc/contracts';
import { browser } from '../browser';
import { ApiError, errorFromBody } from './api-error';
import { totalFromContentRange } from './content-range';
import { askEarly, clearEarlyAnswers, hasEarlyAnswers, takeEarlyAnswer } from './early-answers';
import { callKey, type EarlyRequest, type RequestOptions, requestParts } from './request-parts';

/** Where the auth-state-checker route lives; a 401 sends the browser there with return_to (000 §8). */
export const AUTH_STATE_CHECKER_PATH = '/auth-state-checker';

/** Calls give up after this long and report 'Request timed out. Please try again.'. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The hosted-organisation seam (000 §7): in direct mode the `/api` base is replaced by the
 * organisation's backend address and a bearer token for that backend is added to every call.
 */
export interface ApiTarget {
  baseUrl?: string;
  getToken?: () => Promise<string | null | undefined>;
  /**
   * Paths that stay on the console's own origin without the bearer token: in hosted mode the
   * organisation service's sign-in and organisation calls (`/api/.ory`, `/api/organizations`).
   */
  localPrefixes?: readonly string[];
}

let target: ApiTarget = {};

/** Switches the client to a hosted organisation's backend, or back to same-origin with `{}`. */
export function configureApiTarget(next: ApiTarget): void {
  target = next;
  clearEarlyAnswers(); // asked of the console's own origin, they answer no call to another target
}

function isLocal(path: string): boolean {
  return target.localPrefixes?.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ?? false;
}

/** Rewrites a console path (`/api/db/checks`) to the configured base. */
export function resolveApiUrl(path: string): string {
  if (!target.baseUrl || !path.startsWith('/api') || isLocal(path)) return path;
  return `${target.baseUrl.replace(/\/+$/, '')}${path.slice('/api'.length)}`;
}

export type { EarlyRequest, QueryValue, RequestOptions } from './request-parts';

/** A decoded answer: the JSON body, the total when one was asked for, and the status. */
export interface ApiResponse<T> {
  data: T;
  total?: number;
  status: number;
}

/** Sends the browser to the auth-state-checker route, keeping where it was (000 §8). */
export function redirectToAuthStateChecker(): void {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === AUTH_STATE_CHECKER_PATH) return;
  browser.assign(`${AUTH_STATE_CHECKER_PATH}?return_to=${encodeURIComponent(returnTo)}`);
}

function networkError(error: unknown, timedOut: boolean): ApiError {
  if (timedOut) return new ApiError(0, UI_MESSAGES.timeout, { code: 'timeout' });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new ApiError(0, UI_MESSAGES.offline, { code: 'offline' });
  }
  return new ApiError(0, UI_MESSAGES.network, { code: 'network', details: String(error) });
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a call the page being opened will make, from the boot script, while the console's own scripts still
 * load and run (early-answers.ts). Same-origin calls only: a hosted console's calls go to its organisation's
 * backend with a token it only has later.
 */
export function requestEarly(request: EarlyRequest): void {
  if (target.baseUrl || target.getToken) return;
  askEarly(request);
}

/** Sends one call with the PostgREST conventions (000 §7); network failures and timeouts throw ApiError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const parts = requestParts(resolveApiUrl(path), options);
  const { url, method, headers, body } = parts;
  const token = target.getToken && !isLocal(path) ? await target.getToken() : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (hasEarlyAnswers()) {
    const early = await takeEarlyAnswer(callKey(parts), options.signal);
    if (early) return early;
  }

  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  try {
    return await fetch(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(error, timedOut);
  } finally {
    clearTimeout(timer);
  }
}

/** Throws the ApiError of a failed answer (its body already read); a 401 first redirects (000 §8). */
function failed(response: Response, text: string, options: RequestOptions): never {
  if (response.status === 401 && options.redirectOn401 !== false) redirectToAuthStateChecker();
  throw errorFromBody(response.status, parseBody(text), response.headers.get('X-Request-Id'));
}

/**
 * Makes one call with the PostgREST conventions (000 §7): JSON in and out, `Prefer:
 * return=representation`, and `count=exact` with the total read from Content-Range. Failures throw
 * ApiError carrying the server's message; a 401 first redirects to the auth-state-checker route.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const response = await send(path, options);
  const text = await response.text();
  if (!response.ok) failed(response, text, options);
  return {
    data: parseBody(text) as T, // the caller names the shape it asked the server for
    total: options.count ? totalFromContentRange(response.headers.get('Content-Range')) : undefined,
    status: response.status,
  };
}

/**
 * {@link apiRequest} answering the JSON text unparsed, for a caller that parses a long answer in parts
 * (a first screenful before the rest). Failures throw the same ApiError.
 */
export async function apiRequestText(path: string, options: RequestOptions = {}): Promise<ApiResponse<string>> {
  const response = await send(path, options);
  const text = await response.text();
  if (!response.ok) failed(response, text, options);
  return {
    data: text,
    total: options.count ? totalFromContentRange(response.headers.get('Content-Range')) : undefined,
    status: response.status,
  };
}

/** GET returning only the body. */
export async function apiGet<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
