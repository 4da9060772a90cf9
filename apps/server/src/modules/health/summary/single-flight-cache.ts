/**
 * A short-lived cache in which concurrent requests for one key share one computation (single flight).
 * Ten consoles polling the same summary cost one database read and one serialisation per `ttlMs`
 * instead of ten per poll; a failed computation is never kept, so the next caller tries again.
 *
 * Kept warm (`warm`), a value someone asked for recently is computed again in the background when its
 * time to live ends, and the old value answers until the new one is ready: the person who opens the page
 * next finds an answer no older than before (`ttlMs` plus one computation) without waiting for it.
 */

interface Entry<V> {
  /** The computation, shared by every caller while it runs and for `ttlMs` after it resolved. */
  value: Promise<V>;
  /** When the value resolved (ms since the epoch); undefined while it is still computing. */
  settledAt?: number;
  /** How long it answers once resolved: the time to live, or longer for a value that was costly to compute. */
  periodMs?: number;
  /** The background computation replacing this entry, while it runs. */
  refreshing?: boolean;
}

/** Keys kept at most; the oldest is dropped past it, so odd filters cannot grow the map without end. */
export const SINGLE_FLIGHT_MAX_KEYS = 200;

/** Runs `run` after `ms`; the default timer does not keep the process alive. */
export type Scheduler = (run: () => void, ms: number) => void;

const unrefTimer: Scheduler = (run, ms) => {
  setTimeout(run, ms).unref();
};

/** Which values are computed again in the background, and what is readied with each. */
export interface WarmOptions<V> {
  /** A key asked for within this many ms is kept warm; 0 keeps none. */
  forMs: number;
  /** Only the most recently asked keys are kept warm, so many scopes cannot keep the database busy. */
  maxKeys: number;
  /** Readies the new value before it replaces the old one (e.g. the encodings the old one was asked in). */
  prepare?: (previous: V, next: V) => Promise<unknown>;
}

/** A keyed single-flight cache with a time to live counted from when each value was computed. */
export class SingleFlightCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Each key's last request, oldest first (re-inserted on every request). */
  private readonly askedAt = new Map<string, number>();

  /**
   * @param ttlMs how long a computed value answers further calls; 0 shares only computations in flight
   * @param now clock, replaceable in tests
   * @param warm which values to keep computed in the background; none by default
   * @param schedule timer, replaceable in tests
   * @param costFactor a value answers for at least this many times as long as it took to compute (0: just
   *   `ttlMs`), so a costly computation kept warm takes at most 1/costFactor of the process's time
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly warm?: WarmOptions<V>,
    private readonly schedule: Scheduler = unrefTimer,
    private readonly costFactor = 0,
  ) {}

  /** A new entry computing now, its period set from its cost when it resolves. */
  private start(compute: () => Promise<V>): Entry<V> {
    const began = this.now();
    const entry: Entry<V> = { value: compute() };
    entry.value.then(
      () => {
        entry.periodMs = Math.max(this.ttlMs, this.costFactor * (this.now() - began));
      },
      () => undefined,
    );
    return entry;
  }

  /** The value for `key`: the one in flight or still fresh, else a new computation shared with later callers. */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    this.asked(key);
    const found = this.entries.get(key);
    if (
      found &&
      (found.settledAt === undefined ||
        found.refreshing ||
        this.now() - found.settledAt < (found.periodMs ?? this.ttlMs))
    ) {
      return found.value;
    }
    if (found) this.entries.delete(key);
    const entry = this.start(compute);
    this.track(key, entry, compute);
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

  private asked(key: string): void {
    this.askedAt.delete(key);
    this.askedAt.set(key, this.now());
    if (this.askedAt.size > SINGLE_FLIGHT_MAX_KEYS) {
      const oldest = this.askedAt.keys().next().value;
      if (oldest !== undefined) this.askedAt.delete(oldest);
    }
  }

  /** Marks the entry settled when its value resolves (or drops it on failure) and plans its refresh. */
  private track(key: string, entry: Entry<V>, compute: () => Promise<V>): void {
    entry.value.then(
      () => {
        entry.settledAt = this.now();
        if (this.ttlMs <= 0 && this.entries.get(key) === entry) this.entries.delete(key);
        else this.planRefresh(key, entry, compute);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }

  private planRefresh(key: string, entry: Entry<V>, compute: () => Promise<V>): void {
    const warm = this.warm;
    if (!warm || warm.forMs <= 0 || this.ttlMs <= 0) return;
    this.schedule(() => {
      if (this.entries.get(key) !== entry || !this.keptWarm(key, warm)) return;
      entry.refreshing = true;
      const next = this.start(compute);
      next.value
        .then(async (value) => {
          if (warm.prepare) await warm.prepare(await entry.value, value);
        })
        .then(
          () => {
            if (this.entries.get(key) !== entry) return;
            next.settledAt = this.now();
            this.entries.set(key, next);
            this.planRefresh(key, next, compute);
          },
          () => {
            // a failed refresh leaves the old value to expire; the next caller computes as usual
            entry.refreshing = false;
          },
        );
    }, entry.periodMs ?? this.ttlMs);
  }

  private keptWarm(key: string, warm: WarmOptions<V>): boolean {
    const at = this.askedAt.get(key);
    if (at === undefined || this.now() - at > warm.forMs) return false;
    const recent = [...this.askedAt.keys()].slice(-warm.maxKeys);
    return recent.includes(key);
  }
}
