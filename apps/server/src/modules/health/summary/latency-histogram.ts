/**
 * The mergeable latency histogram of the rollups (migration 0040, `check_latency_bucket`): 40 fixed
 * log-spaced buckets, bucket i (1-based) holding durations in (1.35^(i-2), 1.35^(i-1)] ms, bucket 1
 * holding 0–1 ms and bucket 40 everything from about 90 s. Histograms add element-wise, so a range's
 * percentiles come from its hourly and daily rows; interpolating inside a bucket keeps the error within
 * the bucket's width (at most 35%, typically a few percent for smooth latency distributions).
 */

/** Number of buckets. */
export const HIST_BUCKETS = 40;

/** Ratio between bucket bounds. */
export const HIST_BASE = 1.35;

/** The bucket (1-based) of a duration in ms; same rule as the SQL function. */
export function latencyBucket(duration: number): number {
  if (!(duration > 1)) return 1;
  return Math.min(HIST_BUCKETS, 1 + Math.ceil(Math.log(duration) / Math.log(HIST_BASE)));
}

const lower = (bucket: number) => (bucket <= 1 ? 0 : HIST_BASE ** (bucket - 2));
const upper = (bucket: number) => (bucket <= 1 ? 1 : HIST_BASE ** (bucket - 1));

/** An empty histogram (index 0 = bucket 1). */
export const emptyHistogram = (): number[] => new Array<number>(HIST_BUCKETS).fill(0);

/** Adds `other` into `into`, element-wise. */
export function mergeInto(into: number[], other: readonly (number | string | null)[] | null | undefined): number[] {
  if (!other) return into;
  for (let i = 0; i < HIST_BUCKETS; i++) into[i] = (into[i] ?? 0) + Number(other[i] ?? 0);
  return into;
}

/** The q-quantile (0 < q ≤ 1) in ms, interpolated inside its bucket; 0 for an empty histogram. */
export function histogramQuantile(hist: readonly number[], q: number): number {
  const total = hist.reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < HIST_BUCKETS; i++) {
    const n = hist[i] ?? 0;
    if (seen + n >= rank) {
      const bucket = i + 1;
      const fraction = (rank - seen) / n;
      return Math.round(lower(bucket) + (upper(bucket) - lower(bucket)) * fraction);
    }
    seen += n;
  }
  return Math.round(upper(HIST_BUCKETS));
}

/** Exact empirical quantile of raw samples (nearest rank, as PERCENTILE_DISC). */
export function sampleQuantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}
