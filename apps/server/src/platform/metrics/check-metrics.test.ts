import { afterEach, describe, expect, it } from 'vitest';
import { type CheckMetric, checkMetricsRegistry, forwardCheckMetricsTo, recordCheckMetric } from './check-metrics.js';

// Test files may share a worker: the next one records into the registry again.
afterEach(() => forwardCheckMetricsTo(undefined));

describe('check metrics in the job thread', () => {
  it('passes accepted values to the forwarder (the main thread records them) and keeps the bounds here', async () => {
    const forwarded: CheckMetric[] = [];
    forwardCheckMetricsTo((metric) => forwarded.push(metric));
    const metric: CheckMetric = { name: 'forwarded_gauge', type: 'gauge', value: 3, labels: { site: 'a' } };
    expect(recordCheckMetric(metric)).toBeUndefined();
    expect(recordCheckMetric({ ...metric, type: 'counter' })).toBe('metric forwarded_gauge: already a gauge');
    expect(forwarded).toEqual([metric]);
    expect(await checkMetricsRegistry.metrics()).not.toContain('forwarded_gauge');
  });
});
