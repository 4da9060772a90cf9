import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * canary-checker's per-check series read at scrape time from each check's counts (canary-check-metrics.ts
 * keeps them), instead of prom-client writing them at every run: prom-client builds and looks up the
 * eight-label key of a series at each `inc` and `observe`, three times per run, which was most of the
 * main thread's CPU per check run (docs/performance.md §2). These are prom-client's own Counter, Gauge and
 * Histogram, registered and formatted by its registry, whose values are made from the counts when it asks
 * for them: the same names, help texts, types, labels, values and text as when prom-client held them.
 */

/** The label names of every series but `canary_check`'s. */
export const CHECK_LABELS = [
  'type',
  'endpoint',
  'canary_name',
  'canary_namespace',
  'owner',
  'severity',
  'key',
  'name',
] as const;
/** `canary_check`'s label names. */
export const GAUGE_LABELS = ['key', 'type', 'canary_name', 'canary_namespace', 'name'] as const;

/** The duration histogram's bucket bounds in milliseconds (canary-checker's). */
export const DURATION_BUCKETS = [5, 10, 25, 50, 200, 500, 1000, 3000, 10000, 30000] as const;

export type CheckLabels = Record<(typeof CHECK_LABELS)[number], string>;
export type GaugeLabels = Record<(typeof GAUGE_LABELS)[number], string>;

/** What a check's series hold; a count left undefined has no series yet. */
export interface CheckCounts {
  labels: CheckLabels;
  gauge: GaugeLabels;
  /** `canary_check` and `canary_check_info`: 0 passing, 1 failing. */
  value: number;
  runs: number;
  passed: number | undefined;
  failed: number | undefined;
  invalid: number | undefined;
  /** Runs per bucket of {@link DURATION_BUCKETS} (not cumulative), their sum and count; undefined until a run took more than 0 ms. */
  duration: { buckets: number[]; sum: number; count: number } | undefined;
}

type CounterValue = Awaited<ReturnType<Counter['get']>>['values'][number];
type HistogramValue = Awaited<ReturnType<Histogram['get']>>['values'][number];
type Config = ConstructorParameters<typeof Counter<string>>[0];

/** A counter whose values are made when scraped. */
class ReadCounter extends Counter<string> {
  constructor(
    config: Config,
    private readonly read: () => CounterValue[],
  ) {
    super(config);
  }

  override async get() {
    return { ...(await super.get()), values: this.read() };
  }
}

/** A gauge whose values are made when scraped. */
class ReadGauge extends Gauge<string> {
  constructor(
    config: Config,
    private readonly read: () => CounterValue[],
  ) {
    super(config);
  }

  override async get() {
    return { ...(await super.get()), values: this.read() };
  }
}

/**
 * A histogram whose values are made when scraped, in prom-client's own form: its `get()` and its
 * registry's text both start from `getForPromString()` (`le` as the line's labels, the check's as shared
 * labels, whose formatting the registry caches per labels object), and `get()` splays them as it does.
 */
class ReadHistogram extends Histogram<string> {
  constructor(
    private readonly config: ConstructorParameters<typeof Histogram<string>>[0],
    private readonly read: () => HistogramValue[],
  ) {
    super(config);
  }

  async getForPromString() {
    const { name, help, aggregator = 'sum' } = this.config;
    return { name, help, type: 'histogram', values: this.read(), aggregator };
  }
}

/** One value per check that has one. */
function perCheck(
  checks: () => Iterable<CheckCounts>,
  labels: (check: CheckCounts) => CounterValue['labels'],
  value: (check: CheckCounts) => number | undefined,
): () => CounterValue[] {
  return () => {
    const values: CounterValue[] = [];
    for (const check of checks()) {
      const v = value(check);
      if (v !== undefined) values.push({ labels: labels(check), value: v });
    }
    return values;
  };
}

/** The duration histogram's lines of every check that has observed a duration. */
function durationLines(checks: () => Iterable<CheckCounts>) {
  const bucket = 'canary_check_duration_bucket';
  return (): HistogramValue[] => {
    const values: (HistogramValue & { sharedLabels: CheckLabels })[] = [];
    for (const { duration, labels: sharedLabels } of checks()) {
      if (!duration) continue;
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += duration.buckets[i] ?? 0;
        values.push({ labels: { le }, sharedLabels, value: cumulative, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels, value: duration.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels, value: duration.sum, metricName: 'canary_check_duration_sum' });
      values.push({ labels: {}, sharedLabels, value: duration.count, metricName: 'canary_check_duration_count' });
    }
    return values;
  };
}

/** Registers the seven series in `registry`, in canary-checker's order, each reading `checks()` when scraped. */
export function registerCanaryCheckSeries(registry: Registry, checks: () => Iterable<CheckCounts>): void {
  const registers = [registry];
  const labels = { labelNames: CHECK_LABELS, registers };
  const counter = (name: string, help: string, count: (check: CheckCounts) => number | undefined) =>
    new ReadCounter(
      { name, help, ...labels },
      perCheck(checks, (check) => check.labels, count),
    );
  new ReadHistogram(
    {
      name: 'canary_check_duration',
      help: 'A histogram of the response latency in milliseconds.',
      buckets: [...DURATION_BUCKETS],
      ...labels,
    },
    durationLines(checks),
  );
  new ReadGauge(
    {
      name: 'canary_check',
      help: 'A gauge representing the canaries success (0) or failure (1)',
      labelNames: GAUGE_LABELS,
      registers,
    },
    perCheck(
      checks,
      (check) => check.gauge,
      (check) => check.value,
    ),
  );
  new ReadGauge(
    { name: 'canary_check_info', help: 'Information about the canary check', ...labels },
    perCheck(
      checks,
      (check) => check.labels,
      (check) => check.value,
    ),
  );
  counter('canary_check_count', 'The total number of checks', (check) => check.runs);
  counter('canary_check_success_count', 'The total number of successful checks', (check) => check.passed);
  counter('canary_check_failed_count', 'The total number of failed checks', (check) => check.failed);
  counter('canary_check_invalid_count', 'The total number of invalid checks', (check) => check.invalid);
}
