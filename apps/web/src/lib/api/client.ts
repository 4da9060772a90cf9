import { UI_MESSAGES } from '@mc/contracts';
import { browser } from '../browser';
import { ApiError, errorFromBody } from './api-error';
import { totalFromContentRange } from './content-range';

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
  earlyAnswers.clear(); // asked of the console's own origin, they answer no call to another target
}

function isLocal(path: string): boolean {
  return target.localPrefixes?.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ?? false;
}

/** Rewrites a console path (`/api/db/checks`) to the configured base. */
export function resolveApiUrl(path: string): string {
  if (!target.baseUrl || !path.startsWith('/api') || isLocal(path)) return path;
  return `${target.baseUrl.replace(/\/+$/, '')}${path.slice('/api'.length)}`;
}

export type QueryValue = string | number | boolean | null | undefined;

/** One call: method, query parameters, JSON body, and the PostgREST extras. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Ask for a count; the total comes back from Content-Range (000 §7). `true` is exact; 'estimated' is
   * exact up to the data API's max rows and the planner's estimate beyond, for lists that grow large.
   */
  count?: boolean | 'estimated';
  /** Set false where a 401 is an answer the caller handles (the session check itself). */
  redirectOn401?: boolean;
  timeoutMs?: number;
}

/** A decoded answer: the JSON body, the total when one was asked for, and the status. */
export interface ApiResponse<T> {
  data: T;
  total?: number;
  status: number;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = resolveApiUrl(path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
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

/** The URL, method, headers and body of a call, before any bearer token. */
function requestParts(path: string, options: RequestOptions) {
  const prefer = ['return=representation'];
  if (options.count) prefer.push(options.count === 'estimated' ? 'count=estimated' : 'count=exact');
  const headers: Record<string, string> = { Accept: 'application/json', Prefer: prefer.join(','), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return { url, method, headers, body };
}

/** What makes two calls the same call, for an early answer: method, URL, headers and body. */
function callKey({ url, method, headers, body }: ReturnType<typeof requestParts>): string {
  return `${method} ${url} ${JSON.stringify(headers)} ${body ?? ''}`;
}

/** A call a page will make, asked for before the console has loaded (see {@link requestEarly}). */
export interface EarlyRequest {
  path: string;
  options?: Omit<RequestOptions, 'signal'>;
}

/**
 * How long an early answer waits for its call: the page's own call comes within a second or two of the boot;
 * one never made (another page opened, a filter changed) must not answer a later call with old data.
 */
const EARLY_ANSWER_TTL_MS = 10_000;
const earlyAnswers = new Map<string, { answer: Promise<Response | undefined>; at: number }>();

/**
 * Sends a call the page being opened will make, from the boot script (src/boot.ts), while the console's
 * own scripts still load and run: the first identical call {@link send} makes within 10 seconds takes
 * its answer instead of asking again (each answer once). Same-origin calls only: a hosted console's
 * calls go to its organisation's backend with a token it only has later.
 */
export function requestEarly({ path, options = {} }: EarlyRequest): void {
  if (target.baseUrl || target.getToken) return;
  const parts = requestParts(path, options);
  const key = callKey(parts);
  if (earlyAnswers.has(key)) return;
  const { url, method, headers, body } = parts;
  // a failed early call is asked again by the page itself
  const answer = fetch(url, { method, headers, body, credentials: 'include' }).catch(() => undefined);
  earlyAnswers.set(key, { answer, at: performance.now() });
}

/** The early answer to a call, if one was asked for recently; each is taken once. */
async function takeEarlyAnswer(key: string, signal: AbortSignal | undefined): Promise<Response | undefined> {
  const early = earlyAnswers.get(key);
  if (!early) return undefined;
  earlyAnswers.delete(key);
  if (performance.now() - early.at > EARLY_ANSWER_TTL_MS) return undefined;
  const response = await early.answer;
  signal?.throwIfAborted();
  return response;
}

/** Sends one call with the PostgREST conventions (000 §7); network failures and timeouts throw ApiError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const parts = requestParts(path, options);
  const { url, method, headers, body } = parts;
  const token = target.getToken && !isLocal(path) ? await target.getToken() : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (earlyAnswers.size > 0) {
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
