/**
 * A per-key fixed one-minute window of calls, in this process: the push endpoint's rate limit per token
 * (hashed). Keys of past windows are dropped as the map is used, so an attacker's random tokens cannot grow
 * it past one minute's worth.
 */
const WINDOW_MS = 60_000;

/** A limiter allowing `limit` calls per key per minute. */
export function rateWindow(limit: number, clock: () => number = Date.now) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** True when this call is within the key's allowance (and counts it). */
    allow(key: string): boolean {
      const now = clock();
      if (now - windowStart >= WINDOW_MS) {
        windowStart = now - (now % WINDOW_MS);
        counts = new Map();
      }
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      return used <= limit;
    },
  };
}
