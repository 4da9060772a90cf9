/**
 * What one build's lookups share: the database and config, the abort signal, who saved the topology
 * (a stored connection is resolved with their rights), the build's error list, and a cache so a lookup a
 * forEach repeats for every component (the same URL or query after templating) runs once per build.
 */
import type { Database } from '@mc/db';
import type { Config } from '../../../platform/config.js';
import { LookupError } from './lookup-rows.js';

/** Most distinct lookups one build runs; forEach templating could otherwise multiply them by the rows. */
export const MAX_LOOKUPS_PER_BUILD = 200;

/** Shared by the lookups of one build. */
export interface LookupContext {
  deps: { database: Database; config: Config };
  signal: AbortSignal;
  savedBy: string | null;
  errors: string[];
  cache: Map<string, Promise<unknown>>;
}

/** A new context for one build. */
export function lookupContext(
  deps: LookupContext['deps'],
  signal: AbortSignal,
  savedBy: string | null,
  errors: string[],
): LookupContext {
  return { deps, signal, savedBy, errors, cache: new Map() };
}

/** Runs `work` once per build for the same `key` (the lookup's JSON); a failure is cached too. */
export function cachedLookup<T>(ctx: LookupContext, key: unknown, work: () => Promise<T>): Promise<T> {
  const text = JSON.stringify(key);
  const found = ctx.cache.get(text);
  if (found) return found as Promise<T>; // stored under the same key by this function
  if (ctx.cache.size >= MAX_LOOKUPS_PER_BUILD) {
    return Promise.reject(new LookupError(`more than ${MAX_LOOKUPS_PER_BUILD} distinct lookups in one build`));
  }
  const running = work();
  running.catch(() => undefined);
  ctx.cache.set(text, running);
  return running;
}
