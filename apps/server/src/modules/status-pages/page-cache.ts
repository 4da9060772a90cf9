/**
 * A per-key cache with a short time to live, single flight and stale-while-revalidate: while a value
 * is being built, every other reader of the same key waits for that one build instead of starting its
 * own, so 1,000 readers of a page cost one build per TTL (issue 33). Once a value expires, readers keep
 * getting it for up to one more TTL while one rebuild runs behind them, so no reader waits for a rebuild
 * of a page that was already built (the crowd's p99 stayed at the build's time otherwise); a value never
 * older than two TTLs is served, and an invalidated key (an edit) is always rebuilt before it is read.
 * Size-bounded: past `maxKeys` the oldest keys go.
 */
export function ttlCache<V>(ttlMs: number, maxKeys = 1000) {
  const entries = new Map<string, { value: V; expires: number }>();
  const building = new Map<string, Promise<V>>();
  const rebuild = (key: string, build: () => Promise<V>): Promise<V> => {
    const pending = building.get(key);
    if (pending) return pending;
    const promise = build()
      .then((value) => {
        entries.delete(key);
        entries.set(key, { value, expires: Date.now() + ttlMs });
        while (entries.size > maxKeys) entries.delete(entries.keys().next().value as string); // size > 0 here
        return value;
      })
      .finally(() => building.delete(key));
    building.set(key, promise);
    return promise;
  };
  return {
    /** The cached value of `key` (a stale one while it is rebuilt), or the one build under way, or a new build. */
    async get(key: string, build: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      if (hit && hit.expires + ttlMs > now) {
        // A failed rebuild keeps the stale value until it is too old; the next reader then waits and sees the error.
        rebuild(key, build).catch(() => undefined);
        return hit.value;
      }
      return rebuild(key, build);
    },
    /** Forgets one key (after an edit), or every key. */
    invalidate(key?: string): void {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}

/** One cache made by {@link ttlCache}. */
export type TtlCache<V> = ReturnType<typeof ttlCache<V>>;
