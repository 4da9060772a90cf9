import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../../modules/health/testing/health-test-app.js';
import { CANARY_CHECKER_QUERIES } from './testing/canary-checker-queries.js';

/**
 * Issue 31: canary-checker's Grafana dashboards (and its own uptime and latency queries) work unchanged
 * on this server's /metrics. Real checks run against a local target; the exposition is read as a
 * Prometheus Operator ServiceMonitor scrapes it (target labels added, a clashing series label renamed
 * `exported_<name>`); every query's metric names, matchers and grouping labels must then find series.
 */
type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** Parses Prometheus text exposition (one sample per line; comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Labels = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = (pair[2] as string).replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The labels a ServiceMonitor scrape adds (Prometheus Operator), with honorLabels false. */
const TARGET: Labels = {
  namespace: 'monitoring',
  service: 'mission-control-metrics',
  pod: 'mission-control-0',
  container: 'mission-control',
  endpoint: 'metrics',
  job: 'mission-control-metrics',
  instance: '10.0.0.7:9090',
};

function scraped(samples: Sample[]): Sample[] {
  return samples.map((sample) => {
    const labels: Labels = {};
    for (const [name, value] of Object.entries(sample.labels))
      labels[name in TARGET ? `exported_${name}` : name] = value;
    return { ...sample, labels: { ...labels, ...TARGET } };
  });
}

interface Selector {
  metric: string;
  matchers: { label: string; value: string }[];
}

/** The metric selectors, grouping labels and `label_values` label of one query (the forms these queries use). */
function parseQuery(expr: string): { selectors: Selector[]; labels: string[] } {
  const labels: string[] = [];
  let rest = expr.replace(/\bby\s*\(([^)]*)\)/g, (_all, names: string) => {
    labels.push(...names.split(',').map((name) => name.trim()));
    return ' ';
  });
  rest = rest.replace(
    /\blabel_values\((.*),\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)/,
    (_all, selector: string, label: string) => {
      labels.push(label);
      return selector;
    },
  );
  rest = rest.replace(/\[[^\]]*\]/g, ' ');
  const selectors: Selector[] = [];
  for (const found of rest.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?(?!\s*\()/g)) {
    const metric = found[1] as string;
    if (!metric.startsWith('canary_')) continue; // a function's name or a keyword
    const matchers = [...(found[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!=|!~|=)\s*(["'])(.*?)\3/g)].map(
      (m) => {
        if (m[2] !== '=') throw new Error(`matcher ${m[0]}: only = is evaluated here`);
        return { label: m[1] as string, value: m[4] as string };
      },
    );
    selectors.push({ metric, matchers });
  }
  return { selectors, labels };
}

let t: HealthTestApp;
let admin: string;
let target: Server;
let base: string;
const CANARY = 'dashboards';

beforeAll(async () => {
  target = createServer((req, res) => {
    res.statusCode = req.url === '/down' ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(target.address() as AddressInfo).port}`;
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

async function scrape(): Promise<Sample[]> {
  const res = await t.call(admin, 'GET', '/metrics');
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

describe("canary-checker's series", () => {
  let canaryId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const res = await t.call(admin, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: CANARY, namespace: 'payments' },
      spec: {
        schedule: '@every 1h',
        owner: 'team-pay',
        severity: 'high',
        http: [
          { name: 'up', url: `http://probe:hunter2@${base}/up?token=s3cr3t` },
          { name: 'down', url: `http://${base}/down`, description: 'The down page' },
        ],
      },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    canaryId = body.id;
    const { rows } = await t.database.pool.query<{ id: string; name: string }>(
      'SELECT id, name FROM checks WHERE canary_id = $1',
      [canaryId],
    );
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    // Each check twice, through Run Now: the runner the schedule uses records the series.
    for (const id of [...rows, ...rows].map((row) => row.id)) {
      const ran = await t.call(admin, 'POST', `/api/canary/run/check/${id}`);
      expect(ran.status).toBe(200);
    }
  });

  it('answers every dashboard query with series, as a ServiceMonitor scrape labels them', async () => {
    const samples = scraped(await scrape());
    const variables: Labels = { $Namespace: TARGET.namespace as string, $Canary: CANARY, $Key: ids.up as string };
    const checked: string[] = [];
    for (const query of CANARY_CHECKER_QUERIES) {
      const expr = query.expr.replace(/\$[A-Za-z]+/g, (name) => variables[name] ?? name);
      const { selectors, labels } = parseQuery(expr);
      expect(selectors.length, query.source).toBeGreaterThan(0);
      for (const selector of selectors) {
        const found = samples.filter(
          (sample) =>
            sample.name === selector.metric &&
            selector.matchers.every((matcher) => sample.labels[matcher.label] === matcher.value),
        );
        if (query.removedUpstream) {
          expect(found, `${query.source}: ${query.removedUpstream}`).toEqual([]);
          continue;
        }
        expect(
          found.length,
          `${query.source}: ${selector.metric} ${JSON.stringify(selector.matchers)}`,
        ).toBeGreaterThan(0);
        for (const label of labels) {
          expect(
            found.every((sample) => label in sample.labels),
            `${query.source}: label ${label}`,
          ).toBe(true);
        }
        checked.push(selector.metric);
      }
    }
    expect(new Set(checked)).toEqual(
      new Set([
        'canary_check',
        'canary_check_info',
        'canary_check_duration_bucket',
        'canary_check_success_count',
        'canary_check_failed_count',
      ]),
    );
  });

  it("holds canary-checker's values and label sets, with no credential in a label", async () => {
    const samples = await scrape();
    const one = (name: string, key: string) => samples.filter((s) => s.name === name && s.labels.key === key);
    const [up, down] = [ids.up as string, ids.down as string];
    expect(one('canary_check', up)).toEqual([
      {
        name: 'canary_check',
        labels: { key: up, type: 'http', canary_name: CANARY, canary_namespace: 'payments', name: 'up' },
        value: 0,
      },
    ]);
    expect(one('canary_check', down)[0]?.value).toBe(1);
    const info = one('canary_check_info', up)[0];
    expect(info?.labels).toEqual({
      type: 'http',
      endpoint: `http://probe:[redacted]@${base}/up?token=[redacted]`,
      canary_name: CANARY,
      canary_namespace: 'payments',
      owner: 'team-pay',
      severity: 'high',
      key: up,
      name: 'up',
    });
    expect(one('canary_check_info', down)[0]?.labels.endpoint).toBe('The down page'); // the description wins
    expect(one('canary_check_count', up)[0]?.value).toBe(2);
    expect(one('canary_check_success_count', up)[0]?.value).toBe(2);
    expect(one('canary_check_failed_count', up)[0]?.value).toBe(0); // kept at 0 for an uptime ratio
    expect(one('canary_check_failed_count', down)[0]?.value).toBe(2);
    expect(one('canary_check_success_count', down)).toEqual([]);
    // Milliseconds, in canary-checker's buckets.
    const buckets = one('canary_check_duration_bucket', up).map((s) => s.labels.le);
    expect(buckets).toEqual(['5', '10', '25', '50', '200', '500', '1000', '3000', '10000', '30000', '+Inf']);
    expect(one('canary_check_duration_count', up)[0]?.value).toBeGreaterThan(0);
    const text = JSON.stringify(samples.filter((s) => s.name.startsWith('canary_check')));
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cr3t');
  });

  it('keeps the event-loop delay histogram and the pool gauges beside them', async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    for (const name of ['mc_event_loop_delay_seconds_bucket', 'mc_db_pool_connections', 'mc_check_runs_total']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('drops the series of a deleted check at the next scrape', async () => {
    const res = await t.call(admin, 'DELETE', `/api/canaries/${canaryId}`);
    expect(res.status).toBeLessThan(300);
    const left = (await scrape()).filter((s) => s.name.startsWith('canary_check') && s.labels.canary_name === CANARY);
    expect(left).toEqual([]);
  });
});
