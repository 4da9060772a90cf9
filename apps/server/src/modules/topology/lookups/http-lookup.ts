/**
 * An HTTP lookup: a GET through the egress guard (every redirect hop checked), the answer parsed as
 * bounded JSON, its rows taken at `jsonPath` (JSONPath, default the answer itself). Rows become
 * components (lookup-rows.ts).
 */
import { TOPOLOGY_LIMITS } from '@mc/contracts';
import type { Database } from '@mc/db';
import { JSONPath } from 'jsonpath-plus';
import { parseBoundedJson } from '../../../platform/bounded-json.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { LookupError } from './lookup-rows.js';

/** What an HTTP lookup needs. */
export interface HttpLookup {
  url: string;
  headers?: Record<string, string> | undefined;
  jsonPath?: string | undefined;
}

/** Fetches the rows of an HTTP lookup, or throws a {@link LookupError} naming what failed. */
export async function runHttpLookup(database: Database, lookup: HttpLookup, signal: AbortSignal): Promise<unknown[]> {
  const where = `http lookup ${lookup.url}`;
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest({
      url: lookup.url,
      method: 'GET',
      headers: { Accept: 'application/json', ...(lookup.headers ?? {}) },
      followRedirects: true,
      maxRedirects: 5,
      maxBodyBytes: TOPOLOGY_LIMITS.maxHttpBytes,
      signal: AbortSignal.any([signal, AbortSignal.timeout(TOPOLOGY_LIMITS.lookupTimeoutMs)]),
      guard: egressGuardFor(database),
    });
  } catch (error) {
    throw new LookupError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status < 200 || response.status > 299) throw new LookupError(`${where}: answered ${response.status}`);
  if (response.truncated) throw new LookupError(`${where}: answer larger than ${TOPOLOGY_LIMITS.maxHttpBytes} bytes`);
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
  if (!Array.isArray(value))
    throw new LookupError(`${where}: the answer${lookup.jsonPath ? ` at ${lookup.jsonPath}` : ''} is not a list`);
  return value;
}
