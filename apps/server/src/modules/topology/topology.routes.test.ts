import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CANARY_API_VERSION, canariesService, recordResult } from '../health/index.js';
import { topologyBuilder } from './topology-builder.service.js';

/** The PostgreSQL server the SQL lookup reads (a real one, as in production), apart from the app's database. */
const LOOKUP_URL = process.env.MC_TOPOLOGY_LOOKUP_URL ?? 'postgres://root@127.0.0.1:5432/test';
const table = `topology_lookup_${process.pid}_${Date.now()}`;

interface Component {
  id: string;
  name: string;
  type: string | null;
  status: string;
  status_reason: string | null;
  summary: Record<string, unknown> | null;
  properties: { name: string; value?: number; text?: string; unit?: string }[] | null;
  components?: Component[];
}

const find = (list: Component[] | undefined, name: string): Component => {
  const found = list?.find((c) => c.name === name);
  if (!found) throw new Error(`no component ${name} in ${list?.map((c) => c.name).join(', ')}`);
  return found;
};

describe('topology: builder, roll-up, API', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let http: Server;
  let httpUrl: string;
  let lookup: pg.Client;
  let checkId = '';
  let topologyId = '';
  const queues = [
    { name: 'orders', depth: 3, status: 'ok' },
    { name: 'payments', depth: 0, status: 'ok' },
  ];

  const spec = () => ({
    type: 'Shop',
    icon: 'shop',
    components: [
      {
        name: 'api',
        type: 'Service',
        owner: 'payments-team',
        labels: { tier: 'front' },
        properties: [{ name: 'Latency', value: 120, unit: 'ms' }],
        checks: [{ selector: { labelSelector: 'app=shop-api' } }],
      },
      {
        // As upstream, a lookup's rows take the place of the component holding it: a group holds it.
        name: 'databases',
        type: 'Group',
        components: [
          {
            name: 'databases',
            type: 'virtual',
            lookup: {
              postgres: [
                {
                  url: LOOKUP_URL,
                  query: `SELECT name, status, size_mb FROM ${table} ORDER BY name`,
                  type: 'Database',
                },
              ],
            },
          },
        ],
      },
      {
        name: 'queues',
        type: 'Group',
        checks: [{ inline: { http: [{ name: 'shop-inline', endpoint: `${httpUrl}/health` }] } }],
        components: [
          {
            name: 'queues',
            type: 'virtual',
            lookup: { http: [{ url: `${httpUrl}/queues`, jsonPath: '$.items', type: 'Queue' }] },
          },
        ],
      },
    ],
  });

  const tree = async (token = admin, query = '') => {
    const response = await apiCall(t.app, 'GET', `/api/canary/api/topology?depth=3${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as { components: Component[]; parents: { name: string }[] };
  };
  const shop = async () => find((await tree()).components, 'shop');

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
    lookup = new pg.Client({ connectionString: LOOKUP_URL });
    await lookup.connect();
    await lookup.query(`CREATE TABLE ${table} (name text, status text, size_mb integer)`);
    await lookup.query(`INSERT INTO ${table} VALUES ('users', 'healthy', 120), ('orders', 'healthy', 800)`);
    http = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ items: queues }));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
    const canary = await canariesService(t.database).create(
      {
        apiVersion: CANARY_API_VERSION,
        kind: 'Canary',
        metadata: { name: 'shop', namespace: 'default', labels: { app: 'shop-api' } },
        spec: { schedule: '@every 1h', http: [{ name: 'shop-api-health', endpoint: `${httpUrl}/health` }] },
      },
      { actor: { kind: 'system', name: 'test' } },
    );
    const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [canary.id]);
    checkId = rows[0].id;
    await recordResult(
      t.database.db,
      checkId,
      new Date(Date.now() - 60_000),
      { status: 'healthy', duration: 5, message: 'ok', details: {} },
      null,
    );
  });

  afterAll(async () => {
    await lookup?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await lookup?.end();
    http?.close();
    await t?.close();
  });

  it('answers 401 without a session and 403 to a viewer writing', async () => {
    expect((await apiCall(t.app, 'GET', '/api/canary/api/topology', null)).status).toBe(401);
    const post = await apiCall(t.app, 'POST', '/api/db/topologies', viewer, { name: 'nope', spec: spec() });
    expect(post.status).toBe(403);
  });

  it('refuses bad specs and queries with a 400 naming the problem', async () => {
    const bad = await apiCall(t.app, 'POST', '/api/db/topologies', admin, {
      name: 'bad',
      spec: { components: [{ type: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/name/);
    const badSchedule = await apiCall(t.app, 'POST', '/api/db/topologies', admin, {
      name: 'bad2',
      spec: { schedule: 'whenever' },
    });
    expect(badSchedule.status).toBe(400);
    expect((await apiCall(t.app, 'GET', '/api/canary/api/topology?depth=99', admin)).status).toBe(400);
    expect((await apiCall(t.app, 'GET', '/api/canary/api/topology?status=purple', admin)).status).toBe(400);
    expect((await apiCall(t.app, 'GET', '/api/canary/api/topology?id=nope', admin)).status).toBe(400);
    expect((await apiCall(t.app, 'GET', '/api/snapshot/topology/nope', admin)).status).toBe(400);
    expect((await apiCall(t.app, 'POST', '/api/canary/run/topology/nope', admin)).status).toBe(400);
  });

  it('schedules a topology saved through the data API and builds the tree from its SQL and HTTP lookups and check selectors', async () => {
    const saved = await apiCall(
      t.app,
      'POST',
      '/api/db/topologies',
      admin,
      { name: 'shop', spec: spec() },
      {
        prefer: 'return=representation',
      },
    );
    expect(saved.status).toBe(201);
    topologyId = ((await saved.json()) as { id: string }[])[0]?.id ?? '';
    const schedule = await t.database.pool.query('SELECT schedule FROM schedules WHERE name = $1', [
      `topology:${topologyId}`,
    ]);
    expect(schedule.rows[0]?.schedule).toBe('@every 5m');
    const queued = await t.database.pool.query("SELECT count(*)::int AS n FROM jobs WHERE name = 'build_topology'");
    expect(queued.rows[0].n).toBeGreaterThan(0);

    const result = await topologyBuilder({ database: t.database, config: loadConfig({}) }).build(topologyId);
    expect(result.errors).toEqual([]);
    const root = await shop();
    expect(root.components?.map((c) => c.name)).toEqual(['api', 'databases', 'queues']);
    const api = find(root.components, 'api');
    expect(api.status).toBe('healthy');
    expect(api.properties?.[0]).toMatchObject({ name: 'Latency', value: 120, unit: 'ms' });
    const databases = find(root.components, 'databases');
    expect(databases.components?.map((c) => [c.name, c.type, c.status])).toEqual([
      ['orders', 'Database', 'healthy'],
      ['users', 'Database', 'healthy'],
    ]);
    expect(find(databases.components, 'orders').properties).toEqual([{ name: 'size_mb', value: 800 }]);
    const queueGroup = find(root.components, 'queues');
    expect(queueGroup.components?.map((c) => [c.name, c.type, c.status])).toEqual([
      ['orders', 'Queue', 'healthy'],
      ['payments', 'Queue', 'healthy'],
    ]);
    expect(root.status).toBe('healthy');
    expect(root.summary).toMatchObject({ healthy: 3 });
    const inline = await apiCall(t.app, 'GET', `/api/db/checks_by_component?component_id=eq.${queueGroup.id}`, admin);
    expect(((await inline.json()) as { name: string }[]).map((c) => c.name)).toEqual(['shop-inline']);
    const canary = await t.database.pool.query("SELECT source FROM canaries WHERE name = 'topology-shop-queues'");
    expect(canary.rows[0]?.source).toBe('System');
  });

  it('turns the component and its ancestors unhealthy within one stored result, naming the check', async () => {
    const before = await shop();
    const ids = [before.id, find(before.components, 'api').id];
    await recordResult(
      t.database.db,
      checkId,
      new Date(),
      { status: 'unhealthy', duration: 5, message: 'refused', details: {} },
      null,
    );
    const { rows } = await t.database.pool.query(
      'SELECT id, status, status_reason FROM components WHERE id = ANY($1)',
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids[1])).toMatchObject({
      status: 'unhealthy',
      status_reason: 'check shop-api-health is unhealthy',
    });
    expect(byId.get(ids[0])).toMatchObject({
      status: 'unhealthy',
      status_reason: 'api: check shop-api-health is unhealthy',
    });
    const filtered = await tree(admin, '&status=unhealthy');
    expect(filtered.components.map((c) => c.name)).toContain('shop');
    const changes = await apiCall(
      t.app,
      'GET',
      `/api/db/changes_by_component?component_id=eq.${ids[1]}&change_type=eq.status`,
      admin,
    );
    expect(((await changes.json()) as unknown[]).length).toBeGreaterThan(0);
    await recordResult(
      t.database.db,
      checkId,
      new Date(Date.now() + 1000),
      { status: 'healthy', duration: 5, message: 'ok', details: {} },
      null,
    );
    expect((await shop()).status).toBe('healthy');
  });

  it('soft-deletes a component whose lookup row is gone and keeps the ids of the others', async () => {
    const before = find((await shop()).components, 'databases');
    const users = find(before.components, 'users').id;
    const orders = find(before.components, 'orders').id;
    await lookup.query(`DELETE FROM ${table} WHERE name = 'users'`);
    const result = await topologyBuilder({ database: t.database, config: loadConfig({}) }).build(topologyId);
    expect(result.deleted).toBe(1);
    const after = find((await shop()).components, 'databases');
    expect(after.components?.map((c) => c.name)).toEqual(['orders']);
    expect(find(after.components, 'orders').id).toBe(orders);
    const { rows } = await t.database.pool.query('SELECT deleted_at FROM components WHERE id = $1', [users]);
    expect(rows[0].deleted_at).not.toBeNull();
  });

  it('keeps the last children when a lookup fails, and reports it', async () => {
    await lookup.query(`ALTER TABLE ${table} RENAME COLUMN name TO label`);
    const result = await topologyBuilder({ database: t.database, config: loadConfig({}) }).build(topologyId);
    expect(result.errors.join()).toMatch(/postgres lookup/);
    expect(find((await shop()).components, 'databases').components?.map((c) => c.name)).toEqual(['orders']);
    await lookup.query(`ALTER TABLE ${table} RENAME COLUMN label TO name`);
  });

  it('serves the detail with breadcrumbs, the data API views and a snapshot archive to a viewer', async () => {
    const root = await shop();
    const api = find(root.components, 'api');
    const detail = await tree(viewer, `&id=${api.id}`);
    expect(detail.components[0]?.name).toBe('api');
    expect(detail.parents.map((p) => p.name)).toEqual(['shop']);
    const checks = await apiCall(t.app, 'GET', `/api/db/checks_by_component?component_id=eq.${api.id}`, viewer);
    expect(((await checks.json()) as { name: string }[]).map((c) => c.name)).toEqual(['shop-api-health']);
    for (const view of [
      'component_names',
      'component_labels',
      'components_with_logs',
      'team_components',
      'analysis_by_component',
    ]) {
      expect((await apiCall(t.app, 'GET', `/api/db/${view}?limit=5`, viewer)).status).toBe(200);
    }
    const snapshot = await apiCall(t.app, 'GET', `/api/snapshot/topology/${root.id}?start=2h&related=true`, viewer);
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get('content-disposition')).toMatch(/attachment; filename="topology-shop-.*\.tar"/);
    const archive = Buffer.from(await snapshot.arrayBuffer());
    expect(archive.subarray(257, 262).toString()).toBe('ustar');
    expect(archive.toString('latin1')).toContain('components.json');
    expect(archive.toString('latin1')).toContain('shop-api-health');
    expect((await apiCall(t.app, 'GET', `/api/snapshot/topology/${root.id}?start=yesterday`, viewer)).status).toBe(400);
    expect((await apiCall(t.app, 'POST', `/api/canary/run/topology/${topologyId}`, viewer)).status).toBe(403);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/topology/${topologyId}`, admin);
    expect(run.status).toBe(200);
  });

  it('removes the schedule and the components of a deleted topology', async () => {
    const deleted = await apiCall(t.app, 'DELETE', `/api/db/topologies?id=eq.${topologyId}`, admin);
    expect(deleted.status).toBeLessThan(300);
    const schedule = await t.database.pool.query('SELECT 1 FROM schedules WHERE name = $1', [`topology:${topologyId}`]);
    expect(schedule.rows).toHaveLength(0);
    const live = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM components WHERE topology_id = $1 AND deleted_at IS NULL',
      [topologyId],
    );
    expect(live.rows[0].n).toBe(0);
  });
});
