import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { startPrometheusDouble } from './testing/prometheus-double.js';
import { closedPort, guardFor, type TestServer } from './testing/targets.js';

let prometheus: TestServer;
const egress = guardFor();

beforeAll(async () => {
  prometheus = await startPrometheusDouble({
    'up{job="api"}': [
      { metric: { __name__: 'up', job: 'api', instance: 'a:9090' }, value: 1 },
      { metric: { __name__: 'up', job: 'api', instance: 'b:9090' }, value: 0 },
    ],
    'rate(errors_total[5m])': [{ metric: {}, value: 0.25 }],
    absent_metric: [],
  });
});

afterAll(() => prometheus.close());

const prom = (spec: Record<string, unknown>) =>
  runCheck('prometheus', { name: 'q', url: prometheus.url, ...spec }, { egress });

describe('prometheus check against a Prometheus-compatible test double', () => {
  it('passes a successful query and exposes canary-checker variables', async () => {
    const result = await prom({ query: 'up{job="api"}' });
    expect(result).toMatchObject({ status: 'healthy', message: 'query returned 2 samples' });
    expect(result.details).toMatchObject({ value: 1, firstResult: { job: 'api', instance: 'a:9090', value: 1 } });
  });

  it('reads the deprecated host when url is absent', async () => {
    const result = await runCheck(
      'prometheus',
      { name: 'q', host: prometheus.url, query: 'absent_metric' },
      { egress },
    );
    expect(result).toMatchObject({ status: 'healthy', message: 'query returned 0 samples' });
  });

  it('applies a threshold through a CEL test', async () => {
    expect((await prom({ query: 'rate(errors_total[5m])', test: { expr: 'value < 0.5' } })).status).toBe('healthy');
    const over = await prom({ query: 'rate(errors_total[5m])', test: { expr: 'value < 0.1' } });
    expect(over.message).toBe('test expression returned false: value < 0.1');
    const allUp = await prom({ query: 'up{job="api"}', test: { expr: 'results.all(r, r.value == 1)' } });
    expect(allUp.status).toBe('unhealthy');
    expect((await prom({ query: 'absent_metric', test: { expr: 'size(results) > 0' } })).status).toBe('unhealthy');
  });

  it('uses display to write the message', async () => {
    const result = await prom({
      query: 'up{job="api"}',
      display: { expr: 'string(results.filter(r, r.value == 1).size()) + " of " + string(results.size()) + " up"' },
    });
    expect(result.message).toBe('1 of 2 up');
  });

  it('names the failure: query error, refused', async () => {
    expect((await prom({ query: 'nonsense(' })).message).toBe(
      'query failed: bad_data: 1:1: parse error: unknown query nonsense(',
    );
    const port = await closedPort();
    expect((await prom({ url: `http://127.0.0.1:${port}`, query: 'up' })).message).toBe(
      `connection refused: 127.0.0.1:${port}`,
    );
  });

  it('sends basic auth from username and password', async () => {
    const secured = await startPrometheusDouble({ up: [{ metric: {}, value: 1 }] }, 'prom:pw');
    try {
      const spec = { name: 'q', url: secured.url, query: 'up' };
      expect((await runCheck('prometheus', spec, { egress })).message).toBe(
        'Prometheus answered HTTP 401 without JSON',
      );
      const authed = { ...spec, username: { value: 'prom' }, password: { value: 'pw' } };
      expect((await runCheck('prometheus', authed, { egress })).status).toBe('healthy');
    } finally {
      await secured.close();
    }
  });
});
