import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processRegistry } from './metrics-registry.js';

/**
 * Custom metrics of checks (canary-checker's `metrics` on a check, checks/metrics.go): each run sets a
 * gauge, adds to a counter (values above 0 only, as upstream) or observes a histogram, named and
 * labelled as the check says, in the process registry /metrics serves. A metric keeps the type and
 * label names it was first recorded with (upstream's collector map); at most
 * {@link MAX_CHECK_METRIC_SERIES} label sets per metric, so a label taken from a response cannot grow
 * the registry without bound.
 */
export const MAX_CHECK_METRIC_SERIES = 1_000;

/**
 * The registry of check metrics, apart from the process registry: /metrics appends it at each scrape
 * (a merged registry is a snapshot, and these metrics appear as checks first record them).
 */
export const checkMetricsRegistry = new Registry();

/** One value a check run records. */
export interface CheckMetric {
  name: string;
  type: 'counter' | 'gauge' | 'histogram';
  value: number;
  labels: Record<string, string>;
}

interface Series {
  type: CheckMetric['type'];
  labelNames: string;
  keys: Set<string>;
  collector?: Counter | Gauge | Histogram;
}

/** Tracks the metrics of one thread: their type, label names and label sets (what bounds them). */
const seen = new Map<string, Series>();
let forward: ((metric: CheckMetric) => void) | undefined;

function collectorFor(metric: CheckMetric, labelNames: string[]): Counter | Gauge | Histogram {
  const options = { name: metric.name, help: 'Custom metric of a health check', labelNames, registers: [] };
  const collector =
    metric.type === 'counter'
      ? new Counter(options)
      : metric.type === 'gauge'
        ? new Gauge(options)
        : new Histogram(options);
  checkMetricsRegistry.registerMetric(collector);
  return collector;
}

/**
 * Records one value, or says why not (a name another metric or type holds, other label names, the
 * label-set bound); never throws. In the job thread the value is passed to the main thread
 * ({@link forwardCheckMetricsTo}), whose registry is the one scraped.
 */
export function recordCheckMetric(metric: CheckMetric): string | undefined {
  const labelNames = Object.keys(metric.labels).sort();
  let series = seen.get(metric.name);
  if (!series) {
    if (processRegistry.getSingleMetric(metric.name)) return `metric ${metric.name}: the name is taken`;
    series = { type: metric.type, labelNames: labelNames.join(','), keys: new Set() };
    seen.set(metric.name, series);
  }
  if (series.type !== metric.type) return `metric ${metric.name}: already a ${series.type}`;
  if (series.labelNames !== labelNames.join(',')) {
    return `metric ${metric.name}: labels must stay [${series.labelNames}]`;
  }
  const key = labelNames.map((name) => metric.labels[name]).join('\0');
  if (!series.keys.has(key)) {
    if (series.keys.size >= MAX_CHECK_METRIC_SERIES) {
      return `metric ${metric.name}: more than ${MAX_CHECK_METRIC_SERIES} label sets, value dropped`;
    }
    series.keys.add(key);
  }
  if (forward) {
    forward(metric);
    return undefined;
  }
  try {
    series.collector ??= collectorFor(metric, labelNames);
  } catch (error) {
    seen.delete(metric.name);
    return `metric ${metric.name}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const collector = series.collector;
  if (collector instanceof Histogram) collector.observe(metric.labels, metric.value);
  else if (collector instanceof Gauge) collector.set(metric.labels, metric.value);
  else if (metric.value > 0) collector.inc(metric.labels, metric.value);
  return undefined;
}

/**
 * Sends this thread's check metrics to `target` (the job thread passes them to the main thread);
 * undefined records them here again.
 */
export function forwardCheckMetricsTo(target: ((metric: CheckMetric) => void) | undefined): void {
  forward = target;
}
