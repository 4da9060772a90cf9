/**
 * An HTTP lookup: a GET through the egress guard (every redirect hop checked). Without `display` the
 * answer is parsed as bounded JSON and its rows taken at `jsonPath` (JSONPath, default the answer
 * itself); with `display` (lookup-display.ts) the display's value is the answer, over upstream's http
 * check variables (`code`, `headers`, `body`/`content`, `json` when the body is JSON, `elapsed`). Rows
 * become components (lookup-rows.ts).
 */
import { type LookupDisplay, TOPOLOGY_LIMITS } from '@mc/contracts';
import type { Database } from '@mc/db';
import { JSONPath } from 'jsonpath-plus';
import { parseBoundedJson } from '../../../platform/bounded-json.js';
import { deadline } from '../../../platform/deadline.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { evaluateDisplay } from './lookup-display.js';
import { LookupError } from './lookup-rows.js';

/** What an HTTP lookup needs. */
export interface HttpLookup {
  name?: string | undefined;
  url: string;
  headers?: Record<string, string> | { name: string; value: string }[] | undefined;
  jsonPath?: string | undefined;
  display?: LookupDisplay | undefined;
}

/** Fetches the rows of an HTTP lookup, or throws a {@link LookupError} naming what failed. */
export async function runHttpLookup(database: Database, lookup: HttpLookup, signal: AbortSignal): Promise<unknown[]> {
  const value = await fetchHttpValue(database, lookup, signal);
  if (!Array.isArray(value))
    throw new LookupError(
      `${httpLookupName(lookup)}: the answer${lookup.jsonPath ? ` at ${lookup.jsonPath}` : ''} is not a list`,
    );
  return value;
}

/** The lookup's headers as a map, from a map or upstream's `[{name, value}]` list. */
const headersOf = (headers: HttpLookup['headers']): Record<string, string> =>
  Array.isArray(headers) ? Object.fromEntries(headers.map((h) => [h.name, h.value])) : (headers ?? {});

/** How errors name an HTTP lookup: by its `name` when it has one, else by its URL. */
export const httpLookupName = (lookup: HttpLookup) => `http lookup ${lookup.name ?? lookup.url}`;

/**
 * The JSON value an HTTP lookup answers (at `jsonPath`: one match as itself, several as a list); the
 * URL is dialled through the egress guard, every redirect hop checked.
 */
export async function fetchHttpValue(database: Database, lookup: HttpLookup, signal: AbortSignal): Promise<unknown> {
  const where = httpLookupName(lookup);
  const started = Date.now();
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  const limit = deadline(TOPOLOGY_LIMITS.lookupTimeoutMs, signal);
  try {
    response = await guardedRequest({
      url: lookup.url,
      method: 'GET',
      headers: { Accept: 'application/json', ...headersOf(lookup.headers) },
      followRedirects: true,
      maxRedirects: 5,
      maxBodyBytes: TOPOLOGY_LIMITS.maxHttpBytes,
      signal: limit.signal,
      guard: egressGuardFor(database),
    });
  } catch (error) {
    throw new LookupError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    limit.dispose();
  }
  if (response.status < 200 || response.status > 299) throw new LookupError(`${where}: answered ${response.status}`);
  if (response.truncated) throw new LookupError(`${where}: answer larger than ${TOPOLOGY_LIMITS.maxHttpBytes} bytes`);
  if (lookup.display) {
    const body = response.body.toString('utf8');
    const variables = {
      code: response.status,
      headers: response.headers,
      body,
      content: body,
      json: jsonOrEmpty(body),
      elapsed: Date.now() - started,
    };
    return evaluateDisplay(lookup.display, variables, where);
  }
  let value: unknown;
  try {
    value = parseBoundedJson(response.body.toString('utf8'), undefined, 'HTTP lookup answer');
  } catch (error) {
    throw new LookupError(
      `${where}: the answer is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (lookup.jsonPath) {
    const found = JSONPath({ path: lookup.jsonPath, json: value as object, wrap: true, eval: false }) as unknown[]; // wrap: always an array
    value = found.length === 1 && Array.isArray(found[0]) ? found[0] : found;
  }
  return value;
}

/** The body as JSON for a display's `json`, or an empty map when it is not JSON (as upstream's http check). */
function jsonOrEmpty(body: string): unknown {
  try {
    return parseBoundedJson(body, undefined, 'HTTP lookup answer');
  } catch {
    return {};
  }
}
