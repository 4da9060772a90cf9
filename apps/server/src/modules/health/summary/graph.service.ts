/**
 * `/api/canary/api/graph`: one check's status buckets, uptime and latency over a window. Bucket width
 * follows upstream (≤ 2 h: 1 min, ≤ 24 h: 15 min, ≤ 7 d: 1 h, else 4 h) and each bucket's time is
 * upstream's `floor((epoch + w/2) / w) * w`. Up to 24 h everything comes from raw rows and the
 * percentiles are exact; longer windows read the hourly rollups plus the raw edges, with percentiles
 * from the merged histograms — never from bucket averages as upstream does.
 */
import { hostname } from 'node:os';
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import { checkExists, graphHourRows, graphRawRows } from './graph.repo.js';
import { emptyHistogram, histogramQuantile, latencyBucket, mergeInto, sampleQuantile } from './latency-histogram.js';
import { lessExcluded, uptimeExclusions } from './maintenance-port.js';
import { resolveWindow, splitWindow } from './time-range.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Upstream's bucket width for a window length. */
export function bucketWidth(ms: number): number {
  if (ms <= 2 * HOUR) return MINUTE;
  if (ms <= 24 * HOUR) return 15 * MINUTE;
  if (ms <= 7 * 24 * HOUR) return HOUR;
  return 4 * HOUR;
}

/** Largest `count` accepted: more points than any chart draws. */
const MAX_COUNT = 10_000;

/** The `count` query parameter (the console asks for 300 points, 000 §9), or undefined when absent. */
function parseCount(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    throw new AppError('bad_request', `count must be a whole number from 1 to ${MAX_COUNT}`);
  }
  return count;
}

/**
 * The bucket width for a window of `ms` holding at most `count` points: upstream's width, widened to
 * whole minutes (whole hours once it reaches an hour, the rollups' grain) when it would give more.
 */
export function graphBucketWidth(ms: number, count: number | undefined): number {
  const width = bucketWidth(ms);
  if (count === undefined || ms / width <= count) return width;
  const needed = Math.ceil(ms / count);
  const grain = needed < HOUR ? MINUTE : HOUR;
  return Math.ceil(needed / grain) * grain;
}

interface Bucket {
  time: number;
  passed: number;
  failed: number;
  total: number;
  duration: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Builds the graph answer for `check` over `start`..`end`, in about `count` status points when given (one more where the window straddles a bucket edge). */
export async function checkGraph(
  database: Database,
  query: { check?: string; start?: string; end?: string; count?: string },
) {
  const started = performance.now();
  if (!query.check) throw new AppError('bad_request', 'check is required');
  if (!UUID.test(query.check)) throw new AppError('bad_request', 'check must be a UUID');
  const count = parseCount(query.count);
  const window = resolveWindow(query.start, query.end);
  if (!(await checkExists(database, query.check))) throw new AppError('not_found', `Check '${query.check}' not found`);
  const width = graphBucketWidth(window.to.getTime() - window.from.getTime(), count);
  const buckets = new Map<number, Bucket>();
  const add = (at: number, passed: number, failed: number, total: number, duration: number) => {
    const time = Math.floor((at + width / 2) / width) * width;
    const b = buckets.get(time) ?? { time, passed: 0, failed: 0, total: 0, duration: 0 };
    b.passed += passed;
    b.failed += failed;
    b.total += total;
    b.duration += duration;
    buckets.set(time, b);
  };
  const hist = emptyHistogram();
  let samples: number[] | null = null;
  if (width < HOUR) {
    const rows = await graphRawRows(database, query.check, [window]);
    samples = rows.map((row) => row.duration ?? 0).sort((a, b) => a - b);
    for (const row of rows) add(row.t, row.status ? 1 : 0, row.status === false ? 1 : 0, 1, row.duration ?? 0);
  } else {
    const parts = splitWindow(window);
    const hours = [...parts.hours, ...(parts.days ? [parts.days] : [])];
    const [rollups, edges] = await Promise.all([
      graphHourRows(database, query.check, hours),
      graphRawRows(database, query.check, parts.raw),
    ]);
    for (const row of rollups) {
      add(row.t, row.passed, row.failed, row.total, row.duration);
      mergeInto(hist, row.latency_hist);
    }
    for (const row of edges) {
      add(row.t, row.status ? 1 : 0, row.status === false ? 1 : 0, 1, row.duration ?? 0);
      const index = latencyBucket(row.duration ?? 0) - 1;
      hist[index] = (hist[index] ?? 0) + 1;
    }
  }
  const status = [...buckets.values()]
    .sort((a, b) => a.time - b.time)
    .map((b) => ({
      time: new Date(b.time).toISOString(),
      status: b.failed === 0,
      duration: b.total > 0 ? Math.round(b.duration / b.total) : 0,
      passed: b.passed,
      failed: b.failed,
    }));
  const quantile = (q: number) => (samples ? sampleQuantile(samples, q) : histogramQuantile(hist, q));
  return {
    duration: Math.round(performance.now() - started),
    runnerName: hostname(),
    status,
    latency: { p99: quantile(0.99), p97: quantile(0.97), p95: quantile(0.95) },
    // runs inside maintenance windows that exclude uptime leave the uptime (maintenance-port.ts)
    uptime: lessExcluded(
      {
        passed: status.reduce((sum, b) => sum + b.passed, 0),
        failed: status.reduce((sum, b) => sum + b.failed, 0),
      },
      (await uptimeExclusions(database, window.from, window.to, [query.check])).get(query.check),
    ),
  };
}
