/**
 * How a call of the console becomes a fetch — its URL, method, headers and body — without anything else of
 * the client: the boot script in the page (src/boot.ts, inlined into index.html) builds its early calls with
 * it, and client.ts its own, so an early answer matches its call exactly.
 */

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

/** A call a page will make, asked for before the console has loaded (early-answers.ts). */
export interface EarlyRequest {
  path: string;
  options?: Omit<RequestOptions, 'signal'>;
}

/** The URL, method, headers and body of one call. */
export interface RequestParts {
  url: string;
  method: NonNullable<RequestOptions['method']>;
  headers: Record<string, string>;
  body: string | undefined;
}

/** `url` with the query's parameters appended (arrays repeat the key; null and undefined are left out). */
function withQuery(url: string, query: RequestOptions['query']): string {
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

/** The parts of a call to `url` (already resolved against the API's base), before any bearer token. */
export function requestParts(url: string, options: RequestOptions): RequestParts {
  const prefer = ['return=representation'];
  if (options.count) prefer.push(options.count === 'estimated' ? 'count=estimated' : 'count=exact');
  const headers: Record<string, string> = { Accept: 'application/json', Prefer: prefer.join(','), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    url: withQuery(url, options.query),
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  };
}

/** What makes two calls the same call, for an early answer: method, URL, headers and body. */
export function callKey({ url, method, headers, body }: RequestParts): string {
  return `${method} ${url} ${JSON.stringify(headers)} ${body ?? ''}`;
}
