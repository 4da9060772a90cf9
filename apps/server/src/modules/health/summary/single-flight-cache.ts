/**
 * A short-lived cache in which concurrent requests for one key share one computation (single flight).
 * Ten consoles polling the same summary cost one database read and one serialisation per `ttlMs`
 * instead of ten per poll; a failed computation is never kept, so the next caller tries again.
 */

interface Entry<V> {
  /** The computation, shared by every caller while it runs and for `ttlMs` after it resolved. */
  value: Promise<V>;
  /** When the value resolved (ms since the epoch); undefined while it is still computing. */
  settledAt?: number;
}

/** Keys kept at most; the oldest is dropped past it, so odd filters cannot grow the map without end. */
export const SINGLE_FLIGHT_MAX_KEYS = 200;

/** A keyed single-flight cache with a time to live counted from when each value was computed. */
export class SingleFlightCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  /**
   * @param ttlMs how long a computed value answers further calls; 0 shares only computations in flight
   * @param now clock, replaceable in tests
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value for `key`: the one in flight or still fresh, else a new computation shared with later callers. */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    const found = this.entries.get(key);
    if (found && (found.settledAt === undefined || this.now() - found.settledAt < this.ttlMs)) return found.value;
    if (found) this.entries.delete(key);
    const entry: Entry<V> = { value: compute() };
    entry.value.then(
      () => {
        entry.settledAt = this.now();
        if (this.ttlMs <= 0 && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > SINGLE_FLIGHT_MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.value;
  }

  /** Forgets every value, so the next call of each key computes afresh (after a write this process made). */
  clear(): void {
    this.entries.clear();
  }
}
