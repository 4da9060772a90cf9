import { CATALOG_API_MESSAGES } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type CatalogGraph, seedCatalogGraph } from './testing/catalog-graph.js';

/** POST /api/catalog/summary, /api/catalog/changes and the manual links, with real sessions on both engines. */
let t: TestApp;
let g: CatalogGraph;
type Person = { id: string; token: string };
let viewer: Person;
let editor: Person;
const now = new Date();

const call = (method: string, path: string, who: Person | null, body?: unknown) =>
  apiCall(t.app, method, path, who?.token ?? null, body);
const changes = async (body: Record<string, unknown>, who: Person = viewer) => {
  const res = await call('POST', '/api/catalog/changes', who, body);
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; summary: Record<string, number>; changes: Record<string, unknown>[] };
};
const idsOf = (rows: Record<string, unknown>[]) => rows.map((r) => r.config_id);
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

beforeAll(async () => {
  t = await createTestApp();
  g = await seedCatalogGraph(t.database, now);
  viewer = await signedInUser(t, { roles: ['viewer'] });
  editor = await signedInUser(t, { roles: ['editor'] });
});
afterAll(() => t.close());

describe('catalog API: access', () => {
  it('answers 401 without a session and 403 to a viewer writing a link', async () => {
    for (const path of ['/api/catalog/summary', '/api/catalog/changes', `/api/catalog/${g.a}/relationships`])
      expect((await call('POST', path, null, {})).status).toBe(401);
    expect((await call('DELETE', `/api/catalog/${g.a}/relationships/${g.e}`, null)).status).toBe(401);
    const refused = await call('POST', `/api/catalog/${g.a}/relationships`, viewer, { related_id: g.h });
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe('You do not have permission to write database');
  });
});

describe('POST /api/catalog/summary', () => {
  it('counts items, health, changes of the window and open insights per type from the kept counters', async () => {
    const res = await call('POST', '/api/catalog/summary', viewer, {});
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Record<string, unknown>[];
    const pods = rows.find((r) => r.type === 'Kubernetes::Pod');
    expect(pods).toEqual({
      type: 'Kubernetes::Pod',
      count: 2,
      health: { healthy: 1, unhealthy: 1 },
      changes: 3,
      analysis: { availability: 1, reliability: 1 },
    });
    // the deleted secret is not counted; the live one is, with its change of 100 hours ago (5 days)
    expect(rows.find((r) => r.type === 'Kubernetes::Secret')).toMatchObject({ count: 1, changes: 1 });
    const oneDay = (await (
      await call('POST', '/api/catalog/summary', viewer, { changes: { since: '1d' } })
    ).json()) as {
      type: string;
      changes: number;
    }[];
    expect(oneDay.find((r) => r.type === 'Kubernetes::Secret')?.changes).toBe(0);
  });

  it('under filters aggregates the matching items, grouped by type or a tag', async () => {
    const unhealthy = (await (
      await call('POST', '/api/catalog/summary', viewer, { health: 'unhealthy,warning' })
    ).json()) as Record<string, unknown>[];
    expect(unhealthy.map((r) => [r.type, r.count])).toEqual([
      ['Kubernetes::Pod', 1],
      ['Kubernetes::ReplicaSet', 1],
    ]);
    const byCluster = (await (
      await call('POST', '/api/catalog/summary', viewer, { groupBy: ['cluster'], labels: 'app!=web' })
    ).json()) as Record<string, unknown>[];
    expect(byCluster.map((r) => [r.cluster, r.count])).toEqual([
      ['dev', 1],
      ['prod', 5],
    ]);
    const search = (await (await call('POST', '/api/catalog/summary', viewer, { search: 'CONFIG' })).json()) as {
      type: string;
    }[];
    expect(search.map((r) => r.type)).toEqual(['Kubernetes::ConfigMap']);
    const summaryOf = async (body: Record<string, unknown>) =>
      ((await (await call('POST', '/api/catalog/summary', viewer, body)).json()) as Record<string, unknown>[]).map(
        (r) => [r.type, r.count],
      );
    expect(await summaryOf({ type: 'Kubernetes::Pod,Kubernetes::Secret', status: 'Running' })).toEqual([
      ['Kubernetes::Pod', 2],
      ['Kubernetes::Secret', 1],
    ]);
    expect(await summaryOf({ type: 'Kubernetes::Secret', deleted: true })).toEqual([['Kubernetes::Secret', 2]]);
    expect(await summaryOf({ tags: 'cluster=dev' })).toEqual([['Kubernetes::ConfigMap', 1]]);
    expect((await summaryOf({ type: '!Kubernetes::Pod' })).map(([type]) => type)).not.toContain('Kubernetes::Pod');
    expect(await summaryOf({ status: 'Pending' })).toEqual([]);
  });

  it('follows writes: a new item, a soft delete and a health change move the counts', async () => {
    const type = 'Test::Summary';
    const { rows } = await t.database.pool.query(
      `INSERT INTO config_items (name, type, config_class, health) VALUES ('s1', $1, 'Test', 'healthy'),
       ('s2', $1, 'Test', 'healthy') RETURNING id`,
      [type],
    );
    const summaryOf = async () =>
      ((await (await call('POST', '/api/catalog/summary', viewer, {})).json()) as Record<string, unknown>[]).find(
        (r) => r.type === type,
      );
    expect(await summaryOf()).toMatchObject({ count: 2, health: { healthy: 2 } });
    await t.database.pool.query("UPDATE config_items SET health = 'unhealthy' WHERE id = $1", [rows[0].id]);
    expect(await summaryOf()).toMatchObject({ count: 2, health: { healthy: 1, unhealthy: 1 } });
    await t.database.pool.query('UPDATE config_items SET deleted_at = now() WHERE id = ANY($1::uuid[])', [
      rows.map((r: { id: string }) => r.id),
    ]);
    expect(await summaryOf()).toBeUndefined();
  });

  it('takes the upstream console’s analysis and cost options: cost_<range> sums each group’s costs', async () => {
    const type = 'Test::Costly';
    await t.database.pool.query(
      `INSERT INTO config_items (name, type, config_class, cost_per_minute, cost_total_1d, cost_total_30d) VALUES
       ('c1', $1, 'Test', 0.5, 10.25, 300), ('c2', $1, 'Test', 0.25, 4, 100), ('c3', $1, 'Test', NULL, NULL, NULL)`,
      [type],
    );
    const rowOf = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/catalog/summary', viewer, body);
      expect(res.status).toBe(200);
      return ((await res.json()) as Record<string, unknown>[]).find((r) => r.type === type);
    };
    expect(await rowOf({ analysis: {}, cost: '1h' })).toMatchObject({ count: 3, cost_1h: 45, analysis: {} });
    expect(await rowOf({ cost: '1d' })).toMatchObject({ cost_1d: 14.25 });
    expect(await rowOf({ cost: '30d', type })).toMatchObject({ count: 3, cost_30d: 400 });
    const none = await rowOf({ analysis: {}, cost: '' });
    expect(none).toMatchObject({ count: 3 });
    expect(Object.keys(none ?? {}).some((k) => k.startsWith('cost_'))).toBe(false);
    expect((await rowOf({ cost: '1d', type: 'Kubernetes::Pod' })) ?? null).toBeNull();
    const pods = (
      (await (await call('POST', '/api/catalog/summary', viewer, { cost: '1d' })).json()) as Record<string, unknown>[]
    ).find((r) => r.type === 'Kubernetes::Pod');
    expect(pods).toMatchObject({ count: 2, cost_1d: null });
  });

  it('honours the upstream console’s analysis.since: only open insights last observed in the window', async () => {
    const type = 'Test::Observed';
    const { rows } = await t.database.pool.query(
      "INSERT INTO config_items (name, type, config_class) VALUES ('o1', $1, 'Test') RETURNING id",
      [type],
    );
    await t.database.pool.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed) VALUES
       ($1, 'a', 'security', 'open', now()), ($1, 'b', 'security', 'open', now() - interval '40 days'),
       ($1, 'c', 'cost', 'resolved', now())`,
      [rows[0].id],
    );
    const rowOf = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/catalog/summary', viewer, body);
      expect(res.status).toBe(200);
      return ((await res.json()) as Record<string, unknown>[]).find((r) => r.type === type);
    };
    // the console's own request (flanksource-ui v1.0.871, useConfigSummaryQuery)
    const consoleRequest = {
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    };
    expect(await rowOf(consoleRequest)).toMatchObject({ count: 1, analysis: { security: 1 } });
    expect(await rowOf({ analysis: { since: '60d' } })).toMatchObject({ analysis: { security: 2 } });
    expect(await rowOf({ analysis: {}, type })).toMatchObject({ analysis: { security: 2 } });
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const bad = async (body: unknown) => {
      const res = await call('POST', '/api/catalog/summary', viewer, body);
      expect(res.status).toBe(400);
      return message(res);
    };
    expect(await bad({ changes: { since: '500d' } })).toBe(CATALOG_API_MESSAGES.badSince);
    expect(await bad({ changes: { since: 'soon' } })).toBe(CATALOG_API_MESSAGES.badSince);
    expect(await bad({ labels: 'a in (' })).toBe(CATALOG_API_MESSAGES.badSelector('labels'));
    expect(await bad({ groupBy: ["type'; DROP TABLE x"] })).toMatch(/^groupBy\.0: /);
    expect(await bad({ colour: 'red' })).toMatch(/colour/);
    expect(await bad({ cost: '7d' })).toMatch(CATALOG_API_MESSAGES.badCost);
    expect(await bad({ analysis: { deep: true } })).toMatch(/analysis/);
    expect(await bad({ analysis: { since: 'soon' } })).toBe(CATALOG_API_MESSAGES.badAnalysisSince);
    expect(await bad('{')).toMatch(/not valid JSON/);
    expect(await bad([])).toMatch(/must be an object/);
  });
});

describe('GET /api/config/query', () => {
  it('is refused by design with a 400 naming the way to read items; 401 without a session', async () => {
    expect((await call('GET', '/api/config/query?query=SELECT%201', null)).status).toBe(401);
    const res = await call('GET', '/api/config/query?query=SELECT%20*%20FROM%20config_items', viewer);
    expect([res.status, await message(res)]).toEqual([400, CATALOG_API_MESSAGES.rawQueryRefused]);
  });
});

describe('POST /api/catalog/changes', () => {
  it('searches the last two days by default, newest first, with the total and the count per change type', async () => {
    const all = await changes({});
    // g's change belongs to a deleted item; h's (100 h) and b's diff (30 h) — only b's diff is inside two days
    expect(all.total).toBe(8);
    expect(all.summary).toEqual({
      diff: 3,
      UpdateDeployment: 1,
      ScalingReplicaSet: 1,
      BackOff: 1,
      Killing: 1,
      Pulled: 1,
    });
    const times = all.changes.map((c) => Date.parse(String(c.created_at)));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(all.changes[0]).toMatchObject({
      config_id: g.a,
      name: 'shop',
      type: 'Kubernetes::Namespace',
      change_type: 'diff',
    });
  });

  it('filters by change type, severity (this or more severe), config type, window and tags', async () => {
    expect(idsOf((await changes({ type: 'diff' })).changes).sort()).toEqual([g.a, g.b, g.e].sort());
    expect(idsOf((await changes({ type: '!diff,!Pulled' })).changes)).toHaveLength(4);
    expect((await changes({ severity: 'high' })).changes.map((c) => c.change_type)).toEqual(['BackOff', 'Killing']);
    expect((await changes({ severity: '!info' })).total).toBe(5);
    expect((await changes({ config_type: 'Kubernetes::Pod' })).total).toBe(3);
    expect((await changes({ from: 'now-330m' })).total).toBe(5);
    expect((await changes({ from: 'now-6h+30m' })).total).toBe(5);
    expect((await changes({ from: 'now-200h', to: 'now-50h' })).changes.map((c) => c.config_id)).toEqual([g.h]);
    const at = new Date(now.getTime() - 3.5 * 3_600_000).toISOString();
    expect((await changes({ from: at })).total).toBe(3);
    expect(idsOf((await changes({ tags: 'cluster=dev' })).changes)).toEqual([g.e]);
    expect(idsOf((await changes({ tags: 'app=web-config' })).changes)).toEqual([g.e]);
    expect((await changes({ tags: 'cluster!=prod,namespace' })).total).toBe(1);
    expect((await changes({ include_deleted_configs: true })).total).toBe(9);
  });

  it('pages and sorts', async () => {
    const first = await changes({ page_size: 3, sort_by: 'created_at' });
    const second = await changes({ page: 2, page_size: 3, sort_by: 'created_at' });
    expect(first.total).toBe(8);
    expect(first.changes.map((c) => c.change_type)).toEqual(['diff', 'Pulled', 'diff']);
    expect(second.changes.map((c) => c.change_type)).toEqual(['Killing', 'BackOff', 'ScalingReplicaSet']);
    expect((await changes({ sort_by: '-count' })).changes).toHaveLength(8);
    expect((await changes({ page: 9 })).changes).toEqual([]);
  });

  it('follows relationships from one id: downstream, upstream, all, none, depth and soft links', async () => {
    const window = { from: 'now-7d' };
    const of = async (body: Record<string, unknown>) => new Set(idsOf((await changes({ ...window, ...body })).changes));
    expect(await of({ id: g.a })).toEqual(new Set([g.a, g.b, g.c, g.d, g.f]));
    expect(await of({ id: g.a, soft: true })).toEqual(new Set([g.a, g.b, g.c, g.d, g.e, g.f]));
    expect(await of({ id: g.a, depth: 1 })).toEqual(new Set([g.a, g.b]));
    expect(await of({ id: g.a, recursive: 'none' })).toEqual(new Set([g.a]));
    expect(await of({ id: g.d, recursive: 'upstream' })).toEqual(new Set([g.a, g.b, g.c, g.d]));
    expect(await of({ id: g.c, recursive: 'all' })).toEqual(new Set([g.a, g.b, g.c, g.d]));
    expect(await of({ id: g.d, include_deleted_configs: true })).toEqual(new Set([g.d, g.g, g.h]));
    expect(await of({ id: `${g.a},${g.h}` })).toEqual(new Set([g.a, g.h]));
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const bad = async (body: unknown) => {
      const res = await call('POST', '/api/catalog/changes', viewer, body);
      expect(res.status).toBe(400);
      return message(res);
    };
    expect(await bad({ severity: 'apocalyptic' })).toBe(CATALOG_API_MESSAGES.badSeverity);
    expect(await bad({ sort_by: 'password' })).toBe(CATALOG_API_MESSAGES.badSortBy);
    expect(await bad({ from: 'yesterday' })).toBe(CATALOG_API_MESSAGES.badTime('from'));
    expect(await bad({ to: '2026-13-45' })).toBe(CATALOG_API_MESSAGES.badTime('to'));
    expect(await bad({ from: 'now-1h', to: 'now-2h' })).toBe(CATALOG_API_MESSAGES.fromAfterTo);
    expect(await bad({ id: 'not-an-id' })).toBe(CATALOG_API_MESSAGES.badIds);
    expect(await bad({ tags: 'a=(b' })).toBe(CATALOG_API_MESSAGES.badSelector('tags'));
    expect(await bad({ depth: 6 })).toMatch(/^depth: /);
    expect(await bad({ page_size: 5000 })).toMatch(/^page_size: /);
    expect(await bad({ page: 0 })).toMatch(/^page: /);
    expect(await bad({ recursive: 'sideways' })).toMatch(/^recursive: /);
    expect(await bad({ include_deleted_configs: 'maybe' })).toMatch(/^include_deleted_configs: /);
    expect(await bad({ type: 'x'.repeat(3000) })).toMatch(/^type: /);
    expect(await bad({ unknown: 1 })).toMatch(/unknown/);
    expect(await bad('not json')).toMatch(/not valid JSON/);
  });
});

describe('manual links', () => {
  it('an editor links two items by hand; the link is soft, audited, and shows in the related configs', async () => {
    const res = await call('POST', `/api/catalog/${g.f}/relationships`, editor, { related_id: g.h });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      config_id: g.f,
      related_id: g.h,
      relation: 'soft',
      hard: false,
      selector_id: 'manual',
    });
    const related = await call('GET', `/api/db/rpc/related_configs_recursive?config_id=${g.f}&max_depth=1`, viewer);
    expect(((await related.json()) as { id: string }[]).map((r) => r.id)).toContain(g.h);
    const { rows } = await t.database.pool.query(
      "SELECT action, actor_id FROM audit_log WHERE target = 'config_relationships' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ action: 'create', actor_id: editor.id });
    // linking again is the same link
    expect((await call('POST', `/api/catalog/${g.f}/relationships`, editor, { related_id: g.h })).status).toBe(201);
    const removed = await call('DELETE', `/api/catalog/${g.f}/relationships/${g.h}`, editor);
    expect(removed.status).toBe(204);
    expect((await call('DELETE', `/api/catalog/${g.f}/relationships/${g.h}`, editor)).status).toBe(404);
    const after = await call('GET', `/api/db/rpc/related_configs_recursive?config_id=${g.f}&max_depth=1`, viewer);
    expect(((await after.json()) as { id: string }[]).map((r) => r.id)).not.toContain(g.h);
  });

  it('refuses a self link, unknown or deleted items, bad bodies, and removing a relationship from a scraper', async () => {
    const post = (id: string, body: unknown) => call('POST', `/api/catalog/${id}/relationships`, editor, body);
    const self = await post(g.a, { related_id: g.a });
    expect([self.status, await message(self)]).toEqual([400, CATALOG_API_MESSAGES.selfLink]);
    const ghost = '00000000-0000-0000-0000-00000000dead';
    const unknown = await post(g.a, { related_id: ghost });
    expect([unknown.status, await message(unknown)]).toEqual([404, CATALOG_API_MESSAGES.notFound(ghost)]);
    expect((await post(g.a, { related_id: g.g })).status).toBe(404);
    expect((await post('not-an-id', { related_id: g.a })).status).toBe(404);
    expect((await post(g.a, { related_id: 'nope' })).status).toBe(400);
    expect((await post(g.a, {})).status).toBe(400);
    expect((await post(g.a, { related_id: g.h, relation: 'hard' })).status).toBe(400);
    const hard = await call('DELETE', `/api/catalog/${g.a}/relationships/${g.b}`, editor);
    expect([hard.status, await message(hard)]).toEqual([409, CATALOG_API_MESSAGES.notManual]);
  });

  it('the data API refuses writes to config_relationships, naming the route', async () => {
    const res = await call('POST', '/api/db/config_relationships', editor, { config_id: g.a, related_id: g.h });
    expect(res.status).toBe(405);
    expect(await message(res)).toContain('POST /api/catalog/{id}/relationships');
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM config_relationships WHERE config_id = $1 AND related_id = $2',
      [g.a, g.h],
    );
    expect(rows[0].n).toBe(0);
  });
});
