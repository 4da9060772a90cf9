/**
 * A per-key cache with a short time to live and single flight: while a value is being built, every
 * other reader of the same key waits for that one build instead of starting its own, so 1,000 readers
 * of a page cost one build per TTL (issue 33). Size-bounded: past `maxKeys` the oldest keys go.
 */
export function ttlCache<V>(ttlMs: number, maxKeys = 1000) {
  const entries = new Map<string, { value: V; expires: number }>();
  const building = new Map<string, Promise<V>>();
  return {
    /** The cached value of `key`, or the one build under way, or a new build. */
    async get(key: string, build: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
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
