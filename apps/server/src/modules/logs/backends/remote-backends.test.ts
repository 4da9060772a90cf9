import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConnection } from '../../catalog/testing/stored-connection.js';
import { createLogsTestApp, type LogsTestApp } from '../testing/logs-test-app.js';
import { type RecordedKubeLogs, startRecordedKubeLogs } from '../testing/recorded-kube-logs.js';
import { type RecordedLoki, startRecordedLoki } from '../testing/recorded-loki.js';
import { type RecordedOpenSearch, startRecordedOpenSearch } from '../testing/recorded-opensearch.js';

let t: LogsTestApp;
let viewer: string;
let loki: RecordedLoki;
let search: RecordedOpenSearch;
let kube: RecordedKubeLogs;
const base = new Date(Date.now() - 10 * 60_000);
const start = new Date(base.getTime() - 60_000).toISOString();
const end = new Date(base.getTime() + 60_000).toISOString();
const ns = (iso: string) => `${BigInt(Date.parse(iso)) * 1_000_000n}`;

beforeAll(async () => {
  t = await createLogsTestApp();
  viewer = await t.person(['viewer']);
  loki = await startRecordedLoki(base, { tenant: 'team-a' });
  search = await startRecordedOpenSearch(base, {
    index: 'logs-2026.11',
    credentials: { username: 'reader', password: 'reader-secret' },
  });
  kube = await startRecordedKubeLogs(base);
});
afterAll(async () => {
  await Promise.all([loki.close(), search.close(), kube.close()]);
  await t.close();
});

describe('loki (against the recorded-protocol double)', () => {
  it('sends the documented query_range request and renders the streams newest first', async () => {
    await t.backend('loki', { loki: [{ url: loki.url, tenant: 'team-a' }] });
    const response = await t.search(viewer, {
      name: 'loki',
      query: { text: 'upstream timeout', labels: { app: 'web' }, start, end, limit: 50 },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const seen = loki.requests.at(-1);
    expect(seen?.path).toBe('/loki/api/v1/query_range');
    expect(seen?.params).toEqual({
      query: '{app="web"} |= "upstream" |= "timeout"',
      start: ns(start),
      end: ns(end),
      limit: '50',
      direction: 'backward',
    });
    expect(seen?.headers['x-scope-orgid']).toBe('team-a');
    const body = await response.json();
    expect(body.total).toBeNull();
    expect(body.lines.map((l: { message: string; level: string }) => [l.level, l.message])).toEqual([
      ['error', 'GET /checkout 504 upstream timeout after 30s'],
      ['info', 'retrying upstream timeout'],
      ['error', 'GET /cart 504 upstream timeout after 30s'],
    ]);
    expect(body.lines[0].labels).toEqual({ app: 'web', namespace: 'prod', level: 'error' });
    expect(body.lines[1].fields).toMatchObject({ attempt: 2 });
  });

  it('adds chosen labels to a LogQL stream selector and filters levels', async () => {
    const response = await t.search(viewer, {
      name: 'loki',
      query: { text: '{namespace="prod"} |= "timeout"', labels: { app: 'web' }, levels: ['error'], start, end },
    });
    expect(loki.requests.at(-1)?.params.query).toBe('{namespace="prod", app="web"} |= "timeout"');
    expect((await response.json()).lines).toHaveLength(2);
  });

  it("reports Loki's refusal with its message: 502, never a 500", async () => {
    await t.backend('loki-no-tenant', { loki: [{ url: loki.url }] });
    const refused = await t.search(viewer, { name: 'loki-no-tenant', query: { start, end } });
    expect(refused.status).toBe(502);
    expect((await refused.json()).message).toBe('loki answered HTTP 401: no org id');
    await t.backend('loki-down', { loki: [{ url: 'http://127.0.0.1:1' }] });
    const down = await t.search(viewer, { name: 'loki-down' });
    expect(down.status).toBe(502);
    expect((await down.json()).message).toContain('ECONNREFUSED');
    const badLabel = await t.search(viewer, { name: 'loki', query: { labels: { 'bad-label': 'x' } } });
    expect(badLabel.status).toBe(400);
  });
});

describe('opensearch / elasticsearch (against the recorded-protocol double)', () => {
  it("sends the documented _search query DSL with the connection's credentials and renders the hits", async () => {
    const connection = await storeConnection(t, {
      name: 'search-cluster',
      type: 'elasticsearch',
      url: search.url,
      username: 'reader',
      password: 'reader-secret',
    });
    await t.backend('opensearch', { opensearch: [{ connection, index: 'logs-2026.11' }] });
    const response = await t.search(viewer, {
      name: 'opensearch',
      query: { text: 'gateway', labels: { service: 'payments' }, levels: ['error', 'warn'], start, end, limit: 20 },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const seen = search.requests.at(-1);
    expect(seen?.path).toBe('/logs-2026.11/_search');
    expect(seen?.authorization).toBe(`Basic ${Buffer.from('reader:reader-secret').toString('base64')}`);
    expect(seen?.body).toEqual({
      size: 20,
      from: 0,
      track_total_hits: true,
      sort: [{ '@timestamp': { order: 'desc' } }],
      query: {
        bool: {
          filter: [
            { range: { '@timestamp': { gte: start, lte: end } } },
            { term: { service: 'payments' } },
            { terms: { level: ['error', 'warn'] } },
          ],
          must: [{ query_string: { query: 'gateway', default_field: 'message' } }],
        },
      },
    });
    const body = await response.json();
    expect(body.total).toBe(3);
    expect(body.next).toBeNull();
    expect(body.lines.map((l: { level: string; message: string }) => [l.level, l.message])).toEqual([
      ['error', 'card declined: gateway timeout'],
      ['warn', 'gateway slow: 2.1s'],
      ['info', 'payment accepted'],
    ]);
    expect(body.lines[0].labels).toEqual({ index: 'logs-2026.11', service: 'payments' });
    expect(body.lines[0].fields.host).toEqual({ name: 'node-1' });
  });

  it("answers a query the engine cannot parse with a 400 carrying the engine's reason", async () => {
    const response = await t.search(viewer, { name: 'opensearch', query: { text: 'message:(timeout' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      'opensearch answered HTTP 400: Failed to parse query [message:(timeout]',
    );
  });

  it('reports an unknown index and wrong credentials as 502 with the engine’s message', async () => {
    await t.backend('elastic-missing', { elasticsearch: [{ url: search.url, index: 'nope' }] });
    const unauthenticated = await t.search(viewer, { name: 'elastic-missing' });
    expect(unauthenticated.status).toBe(502);
    expect((await unauthenticated.json()).message).toBe(
      'elasticsearch answered HTTP 401: missing authentication credentials for REST request',
    );
  });
});

describe('kubernetes pod logs (against the recorded-API double)', () => {
  it('lists the pods a label selects, reads their logs since the window start, and merges them', async () => {
    const connection = await storeConnection(t, {
      name: 'shop-cluster',
      type: 'kubernetes',
      certificate: kube.kubeconfig,
      properties: { method: 'kubeconfig' },
    });
    await t.backend('pods', { kubernetes: [{ connection, namespace: 'shop' }] });
    const response = await t.search(viewer, { name: 'pods', query: { labels: { app: 'web' }, start, end } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(kube.requests).toContain('/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb&limit=500');
    const since = start.replace(/\.\d{3}Z$/, 'Z');
    expect(kube.requests).toContain(
      `/api/v1/namespaces/shop/pods/web-7d9f-abcde/log?timestamps=true&sinceTime=${encodeURIComponent(since)}&tailLines=5000`,
    );
    const body = await response.json();
    expect(body.lines.map((l: { message: string; labels: { pod: string } }) => [l.labels.pod, l.message])).toEqual([
      ['web-7d9f-abcde', 'db connection refused'],
      ['web-7d9f-fghij', 'GET /health 200'],
      ['web-7d9f-abcde', 'listening on :8080'],
    ]);
    expect(body.lines[0].level).toBe('error');
    const errors = await (
      await t.search(viewer, {
        name: 'pods',
        query: { labels: { pod: 'worker-55c6-klmno' }, text: 'done', start, end },
      })
    ).json();
    expect(errors.lines.map((l: { message: string }) => l.message)).toEqual(['job done']);
  });

  it("reports the API's refusal of an unknown pod as 502 with its message", async () => {
    const response = await t.search(viewer, { name: 'pods', query: { labels: { pod: 'gone-pod' }, start, end } });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('kubernetes answered HTTP 404: pods "gone-pod" not found');
  });
});
