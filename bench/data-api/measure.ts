import { performance } from 'node:perf_hooks';

/** Throughput and latency of one benchmark case. */
export interface CaseResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Runs `call(i)` in a closed loop with `concurrency` callers for `seconds` (after a short warm-up) and
 * reports completed calls per second and the p50/p99 latency in milliseconds.
 */
export async function measure(
  name: string,
  call: (i: number) => Promise<void>,
  options: {
    concurrency: number;
    seconds: number;
    warmupSeconds: number;
    /** Called as the timed window opens and as it closes (after the warm-up; its last calls still finish). */
    onWindow?: (edge: 'start' | 'end') => void;
  },
): Promise<CaseResult> {
  let counter = 0;
  const run = async (until: number, latencies: number[] | null) => {
    while (performance.now() < until) {
      const i = counter++;
      const start = performance.now();
      await call(i);
      latencies?.push(performance.now() - start);
    }
  };
  const warmUntil = performance.now() + options.warmupSeconds * 1000;
  await Promise.all(Array.from({ length: options.concurrency }, () => run(warmUntil, null)));
  const latencies: number[] = [];
  options.onWindow?.('start');
  const start = performance.now();
  const until = start + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.concurrency }, () => run(until, latencies)));
  const elapsed = (performance.now() - start) / 1000;
  options.onWindow?.('end');
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
