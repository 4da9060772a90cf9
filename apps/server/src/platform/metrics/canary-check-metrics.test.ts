import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CanaryCheckRun,
  ENDPOINT_LABEL_MAX,
  endpointLabel,
  forgetCanaryChecks,
  recordCanaryCheck,
} from './canary-check-metrics.js';
import { processRegistry } from './metrics-registry.js';

async function series(
  name: string,
  key: string,
): Promise<{ labels: Partial<Record<string, string | number>>; value: number }[]> {
  const metric = processRegistry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  return values.filter((v) => v.labels.key === key).map((v) => ({ labels: v.labels, value: v.value }));
}

const run = (checkId: string, overrides: Partial<CanaryCheckRun> = {}): CanaryCheckRun => ({
  checkId,
  type: 'tcp',
  name: 'db-port',
  canaryName: 'infra',
  canaryNamespace: 'default',
  description: null,
  endpoint: 'db:5432',
  owner: null,
  severity: null,
  outcome: 'pass',
  durationMs: 12,
  ...overrides,
});

describe("canary-checker's per-check series", () => {
  it('counts an invalid run as invalid, not as failed, and sets the gauges to 1', async () => {
    const key = randomUUID();
    recordCanaryCheck(run(key, { outcome: 'invalid', durationMs: 0 }));
    expect((await series('canary_check', key))[0]?.value).toBe(1);
    expect((await series('canary_check_invalid_count', key))[0]?.value).toBe(1);
    expect(await series('canary_check_failed_count', key)).toEqual([]);
    expect(await series('canary_check_duration', key)).toEqual([]); // 0 ms is not observed
    forgetCanaryChecks([key]);
  });

  it('replaces the series of a check whose endpoint changed, and forgets a check entirely', async () => {
    const key = randomUUID();
    recordCanaryCheck(run(key));
    recordCanaryCheck(run(key, { endpoint: 'db:6432' }));
    const info = await series('canary_check_info', key);
    expect(info.map((s) => s.labels.endpoint)).toEqual(['db:6432']);
    expect((await series('canary_check_count', key))[0]?.value).toBe(1);
    forgetCanaryChecks([key]);
    expect(await series('canary_check', key)).toEqual([]);
    expect(await series('canary_check_info', key)).toEqual([]);
  });

  it('bounds the endpoint label and keeps credentials out of it', () => {
    expect(endpointLabel(null, `https://example.test/${'a'.repeat(500)}`)).toHaveLength(ENDPOINT_LABEL_MAX);
    expect(endpointLabel(null, 'postgres://app:pa55word@db:5432/app')).toBe('postgres://app:[redacted]@db:5432/app');
    expect(endpointLabel('', null)).toBe('');
  });
});
