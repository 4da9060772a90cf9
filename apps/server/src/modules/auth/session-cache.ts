import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import type { SessionPrincipalRow } from './session.repo.js';

/** Most sessions kept at once; past it the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

/**
 * A short-lived cache of the authentication read (session → person, roles and permission rows) for the
 * data API's reads, which are most of the console's requests: a hit saves the request its first database
 * round trip. Entries live `ttlMs` at most. Every write made through this process (any request that is
 * not GET, HEAD or OPTIONS: a sign-out, a role change, a permission row, a team membership, an /api/db
 * write) empties the cache once it has committed, so a change made here applies to the very next read;
 * a change made another way (another replica, SQL by hand) or a permission row's `until` passing
 * applies within `ttlMs`. A lookup that started before an emptying is not kept, so a read racing a
 * write never caches what the write replaced. `ttlMs` 0 turns it off.
 */
export interface SessionCache {
  /** The cached principal of a token hash, if fresh. */
  get(tokenHash: string): SessionPrincipalRow | undefined;
  /** The generation a lookup starts in; pass it back to {@link set}. */
  generation(): number;
  /** Keeps a lookup's answer, unless the cache was emptied since the lookup started. */
  set(tokenHash: string, row: SessionPrincipalRow, startedIn: number): void;
  /** Middleware emptying the cache after each request that may have written. */
  clearAfterWrites: MiddlewareHandler<AppEnv>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds a session cache whose entries live `ttlMs` (0: nothing is ever kept). */
export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, { row: SessionPrincipalRow; until: number }>();
  let generation = 0;
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.row;
      entries.delete(tokenHash);
      return undefined;
    },
    generation: () => generation,
    set(tokenHash, row, startedIn) {
      if (ttlMs <= 0 || startedIn !== generation) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { row, until: Date.now() + ttlMs });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string); // the oldest
    },
    clearAfterWrites: async (c, next) => {
      try {
        await next();
      } finally {
        if (!READS.has(c.req.method)) {
          generation += 1;
          entries.clear();
        }
      }
    },
  };
}

/** Whether a request may be authenticated from the cache: reads of the data API only. */
export function mayUseSessionCache(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path.startsWith('/api/db/');
}
