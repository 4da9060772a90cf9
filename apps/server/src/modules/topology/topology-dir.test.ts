import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { syncTopologyDir, watchTopologyDir } from './topology-dir.js';

const topology = (
  name: string,
  namespace = 'default',
  schedule = '@every 10m',
) => `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: ${name}
  namespace: ${namespace}
  labels: {team: platform}
spec:
  type: Application
  schedule: "${schedule}"
  components:
    - name: api
      type: Service
`;

describe('topologies from a watched folder (MC_TOPOLOGY_DIR)', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;

  const live = async () => {
    const { rows } = await t.database.pool.query<{ id: string; name: string; namespace: string; source: string }>(
      "SELECT id, name, namespace, source FROM topologies WHERE deleted_at IS NULL AND source = 'ConfigFile' ORDER BY name",
    );
    return rows;
  };
  const scheduleOf = async (id: string) =>
    (await t.database.pool.query('SELECT schedule FROM schedules WHERE name = $1', [`topology:${id}`])).rows[0]
      ?.schedule;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    dir = await mkdtemp(join(tmpdir(), 'mc-topologies-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores one ConfigFile topology per document, scheduled, read-only through the API', async () => {
    await writeFile(join(dir, 'shop.yaml'), `${topology('shop')}---\n${topology('infra', 'ops')}`);
    await writeFile(join(dir, 'README.md'), 'not a topology');
    expect(await syncTopologyDir(t.database, dir)).toEqual({
      applied: ['default/shop', 'ops/infra'],
      removed: [],
      errors: [],
    });
    const rows = await live();
    expect(rows.map((row) => `${row.namespace}/${row.name}:${row.source}`)).toEqual([
      'ops/infra:ConfigFile',
      'default/shop:ConfigFile',
    ]);
    const shop = rows.find((row) => row.name === 'shop');
    expect(await scheduleOf(shop?.id ?? '')).toBe('@every 10m');
    const queued = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM jobs WHERE name = 'build_topology' AND payload->>'topologyId' = $1",
      [shop?.id],
    );
    expect(queued.rows[0].n).toBeGreaterThan(0);
    const audit = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE target = 'topologies' AND actor_id = 'topology-dir'",
    );
    expect(audit.rows[0].n).toBe(2);

    const edit = await apiCall(t.app, 'PATCH', `/api/db/topologies?id=eq.${shop?.id}`, admin, { schedule: '@hourly' });
    expect(edit.status).toBe(403);
    expect(await edit.text()).toContain('comes from a file and is read-only');
    expect((await apiCall(t.app, 'DELETE', `/api/db/topologies?id=eq.${shop?.id}`, admin)).status).toBe(403);
    const claim = await apiCall(t.app, 'POST', '/api/db/topologies', admin, {
      name: 'forged',
      source: 'ConfigFile',
      spec: {},
    });
    expect(claim.status).toBe(403);
  });

  it('leaves unchanged documents alone and applies a changed one in place', async () => {
    expect(await syncTopologyDir(t.database, dir)).toEqual({ applied: [], removed: [], errors: [] });
    const before = (await live()).find((row) => row.name === 'shop');
    await writeFile(
      join(dir, 'shop.yaml'),
      `${topology('shop', 'default', '@every 2m')}---\n${topology('infra', 'ops')}`,
    );
    expect(await syncTopologyDir(t.database, dir)).toEqual({ applied: ['default/shop'], removed: [], errors: [] });
    const after = (await live()).find((row) => row.name === 'shop');
    expect(after?.id).toBe(before?.id);
    expect(await scheduleOf(after?.id ?? '')).toBe('@every 2m');
  });

  it('names invalid and hostile files and deletes nothing while one is broken', async () => {
    await writeFile(join(dir, 'shop.yaml'), topology('shop', 'default', '@every 2m'));
    await writeFile(join(dir, 'bad.yml'), 'kind: Topology\nmetadata: {}\nspec: {components: [{type: x}]}\n');
    const aliases = Array.from({ length: 200 }, (_, i) => `k${i}: *a`).join('\n');
    await writeFile(join(dir, 'hostile.yaml'), `a: &a [1, 2, 3]\n${aliases}\n`);
    await writeFile(join(dir, 'deep.json'), `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const outcome = await syncTopologyDir(t.database, dir);
    expect(outcome.applied).toEqual([]);
    expect(outcome.removed).toEqual([]);
    expect(outcome.errors).toHaveLength(3);
    expect(outcome.errors.find((line) => line.startsWith('bad.yml (document 1): '))).toMatch(/Invalid Topology/);
    expect(outcome.errors.some((line) => line.startsWith('hostile.yaml'))).toBe(true);
    expect(outcome.errors.some((line) => line.startsWith('deep.json'))).toBe(true);
    expect((await live()).map((row) => row.name)).toEqual(['infra', 'shop']);
  });

  it('refuses a document whose name a console topology already has', async () => {
    for (const file of ['bad.yml', 'hostile.yaml', 'deep.json']) await unlink(join(dir, file));
    const made = await apiCall(t.app, 'POST', '/api/db/topologies', admin, { name: 'billing', spec: {} });
    expect(made.status).toBe(201);
    await writeFile(join(dir, 'billing.yaml'), topology('billing'));
    const outcome = await syncTopologyDir(t.database, dir);
    expect(outcome.errors).toEqual([
      "default/billing: topology 'default/billing' already exists from UI; rename one of them",
    ]);
    expect(outcome.removed).toEqual([]);
    await unlink(join(dir, 'billing.yaml'));
  });

  it('soft-deletes a topology whose document is gone, with its schedule', async () => {
    const infra = (await live()).find((row) => row.name === 'infra');
    expect(await syncTopologyDir(t.database, dir)).toEqual({ applied: [], removed: ['ops/infra'], errors: [] });
    expect((await live()).map((row) => row.name)).toEqual(['shop']);
    expect(await scheduleOf(infra?.id ?? '')).toBeUndefined();
  });

  it('follows file changes while watching', async () => {
    const watcher = watchTopologyDir(t.database, dir, createLogger('error'), { debounceMs: 50 });
    try {
      await watcher.settled();
      await writeFile(join(dir, 'edge.yaml'), topology('edge'));
      await expect
        .poll(async () => (await live()).map((row) => row.name), { timeout: 10_000 })
        .toEqual(['edge', 'shop']);
      await unlink(join(dir, 'shop.yaml'));
      await expect.poll(async () => (await live()).map((row) => row.name), { timeout: 10_000 }).toEqual(['edge']);
    } finally {
      await watcher.stop();
    }
  });
});
