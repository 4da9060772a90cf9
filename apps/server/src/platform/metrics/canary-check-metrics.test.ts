import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CanaryCheckRun,
  ENDPOINT_LABEL_MAX,
  endpointLabel,
  forgetCanaryChecks,
  recordCanaryCheck,
  recordedCanaryChecks,
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

  it('holds the values of every run in a sequence of passes, failures and invalid runs, and after a forget', async () => {
    const key = randomUUID();
    const values = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            'canary_check',
            'canary_check_info',
            'canary_check_count',
            'canary_check_success_count',
            'canary_check_failed_count',
            'canary_check_invalid_count',
          ].map(async (name) => [name, (await series(name, key)).map((s) => s.value)]),
        ),
      );
    recordCanaryCheck(run(key, { outcome: 'invalid', durationMs: 0 }));
    recordCanaryCheck(run(key));
    recordCanaryCheck(run(key, { durationMs: 30 }));
    expect(await values()).toEqual({
      canary_check: [0],
      canary_check_info: [0],
      canary_check_count: [3],
      canary_check_success_count: [2],
      canary_check_failed_count: [0],
      canary_check_invalid_count: [1],
    });
    recordCanaryCheck(run(key, { outcome: 'fail' }));
    recordCanaryCheck(run(key, { outcome: 'fail' }));
    expect(await values()).toMatchObject({ canary_check: [1], canary_check_info: [1], canary_check_failed_count: [2] });
    recordCanaryCheck(run(key));
    expect(await values()).toMatchObject({ canary_check: [0], canary_check_info: [0], canary_check_count: [6] });
    const buckets = (await processRegistry.getSingleMetric('canary_check_duration')?.get())?.values ?? [];
    expect(buckets.filter((v) => v.labels.key === key && v.labels.le === 25).map((v) => v.value)).toEqual([4]);
    forgetCanaryChecks([key]);
    recordCanaryCheck(run(key));
    expect(await values()).toEqual({
      canary_check: [0],
      canary_check_info: [0],
      canary_check_count: [1],
      canary_check_success_count: [1],
      canary_check_failed_count: [0],
      canary_check_invalid_count: [],
    });
    forgetCanaryChecks([key]);
  });

  it('keeps the series when a run changes a label input but not the labels', async () => {
    const key = randomUUID();
    recordCanaryCheck(run(key, { description: '', endpoint: 'db:5432' }));
    recordCanaryCheck(run(key, { description: 'db:5432', endpoint: 'db:6432' }));
    expect((await series('canary_check_count', key)).map((s) => [s.labels.endpoint, s.value])).toEqual([
      ['db:5432', 2],
    ]);
    recordCanaryCheck(run(key, { description: null, endpoint: 'db:6432', owner: 'dba' }));
    expect((await series('canary_check_count', key)).map((s) => [s.labels.endpoint, s.labels.owner, s.value])).toEqual([
      ['db:6432', 'dba', 1],
    ]);
    forgetCanaryChecks([key]);
  });

  it("writes prom-client's exposition of every series, made from the counts at the scrape", async () => {
    const key = randomUUID();
    for (const [outcome, durationMs] of [
      ['fail', 5],
      ['pass', 30],
      ['invalid', 0],
      ['pass', 40_000],
    ] as const) {
      recordCanaryCheck(run(key, { outcome, durationMs }));
    }
    const lines = (await processRegistry.metrics()).split('\n').filter((line) => line.includes(`key="${key}"`));
    const labels = `type="tcp",endpoint="db:5432",canary_name="infra",canary_namespace="default",owner="",severity="",key="${key}",name="db-port"`;
    const buckets = [1, 1, 1, 2, 2, 2, 2, 2, 2, 2].map(
      (count, i) =>
        `canary_check_duration_bucket{le="${[5, 10, 25, 50, 200, 500, 1000, 3000, 10000, 30000][i]}",${labels}} ${count}`,
    );
    expect(lines).toEqual([
      ...buckets,
      `canary_check_duration_bucket{le="+Inf",${labels}} 3`,
      `canary_check_duration_sum{${labels}} 40035`,
      `canary_check_duration_count{${labels}} 3`,
      `canary_check{key="${key}",type="tcp",canary_name="infra",canary_namespace="default",name="db-port"} 0`,
      `canary_check_info{${labels}} 0`,
      `canary_check_count{${labels}} 4`,
      `canary_check_success_count{${labels}} 2`,
      `canary_check_failed_count{${labels}} 1`,
      `canary_check_invalid_count{${labels}} 1`,
    ]);
    forgetCanaryChecks([key]);
  });

  it('drops every series of a removed check from the scrape, and a later run starts them again', async () => {
    const [gone, kept] = [randomUUID(), randomUUID()];
    for (const key of [gone, kept]) {
      recordCanaryCheck(run(key, { outcome: 'fail' }));
      recordCanaryCheck(run(key, { outcome: 'invalid', durationMs: 0 }));
      recordCanaryCheck(run(key));
    }
    forgetCanaryChecks([gone]);
    expect(recordedCanaryChecks()).not.toContain(gone);
    const text = await processRegistry.metrics();
    expect(text).not.toContain(gone);
    expect(text.split('\n').filter((line) => line.includes(`key="${kept}"`))).toHaveLength(19); // 13 histogram lines, then one line of each other series
    recordCanaryCheck(run(gone));
    expect((await series('canary_check_count', gone)).map((s) => s.value)).toEqual([1]);
    forgetCanaryChecks([gone, kept]);
  });

  it('bounds the endpoint label and keeps credentials out of it', () => {
    expect(endpointLabel(null, `https://example.test/${'a'.repeat(500)}`)).toHaveLength(ENDPOINT_LABEL_MAX);
    expect(endpointLabel(null, 'postgres://app:pa55word@db:5432/app')).toBe('postgres://app:[redacted]@db:5432/app');
    expect(endpointLabel('', null)).toBe('');
  });
});
