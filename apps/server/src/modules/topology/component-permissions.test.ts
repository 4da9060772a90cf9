import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Node {
  id: string;
  name: string;
  status: string;
  status_reason: string | null;
  summary: Record<string, unknown> | null;
  components?: Node[];
}

const names = (nodes: readonly Node[] | undefined): string[] =>
  (nodes ?? []).flatMap((node) => [node.name, ...names(node.components)]);

/**
 * Permission rows on components cover subtrees on every path to the data: the topology tree, a
 * component's detail, snapshots, the dashboard's counts and reasons, and `/api/db` with its embeds —
 * for the weakest role with a deny row, and for a person whose only grant is one subtree.
 */
describe('topology: per-component permissions', () => {
  let t: TestApp;
  let guest: string;
  let granted: string;
  let viewer: string;
  const ids: Record<string, string> = {};
  let topologyId = '';

  /** Adds a component under `parent` (or a root) and remembers its id by name. */
  const component = async (name: string, parent?: string) => {
    const parentPath = parent
      ? (
          await sql<{ path: string | null }>`SELECT path FROM components WHERE id = ${ids[parent]}`.execute(
            t.database.db,
          )
        ).rows[0]?.path
      : null;
    const path = parent ? (parentPath ? `${parentPath}.${ids[parent]}` : ids[parent]) : null;
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO components (topology_id, external_id, parent_id, name, type, path)
      VALUES (${topologyId}, ${name}, ${parent ? ids[parent] : null}, ${name}, 'Service', ${path}) RETURNING id`.execute(
      t.database.db,
    );
    ids[name] = rows[0]?.id ?? '';
  };

  const get = async (token: string | null, path: string) => {
    const response = await apiCall(t.app, 'GET', path, token);
    return { status: response.status, text: await response.text() };
  };
  const tree = async (token: string, query = '') => {
    const answer = await get(token, `/api/canary/api/topology?depth=5&hidden=true${query}`);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text) as { components: Node[]; parents: { name: string }[] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const topology = await sql<{
      id: string;
    }>`INSERT INTO topologies (name, spec) VALUES ('estate', '{}'::jsonb) RETURNING id`.execute(db);
    topologyId = topology.rows[0]?.id ?? '';
    await component('estate');
    await component('public', 'estate');
    await component('web', 'public');
    await component('secret', 'estate');
    await component('vault', 'secret');
    const canary = await sql<{ id: string }>`INSERT INTO canaries (name, namespace, spec, source)
      VALUES ('estate', 'default', '{}'::jsonb, 'UI') RETURNING id`.execute(db);
    const check = await sql<{ id: string }>`INSERT INTO checks (canary_id, type, name, status)
      VALUES (${canary.rows[0]?.id}, 'http', 'vault-check', 'unhealthy') RETURNING id`.execute(db);
    await sql`INSERT INTO check_component_relationships (component_id, check_id, canary_id)
      VALUES (${ids.vault}, ${check.rows[0]?.id}, ${canary.rows[0]?.id})`.execute(db);
    await sql`UPDATE components SET health = 'healthy' WHERE name IN ('public', 'web')`.execute(db);
    await sql`SELECT topology_rollup(${topologyId}::uuid)`.execute(db);

    const weakest = await signedInUser(t, { roles: ['guest'] });
    const subtreeOnly = await signedInUser(t, { roles: [] });
    await sql`INSERT INTO permissions (person_id, component_id, action, deny)
      VALUES (${weakest.id}, ${ids.secret}, 'read', true), (${subtreeOnly.id}, ${ids.public}, 'read', false)`.execute(
      db,
    );
    guest = weakest.token;
    granted = subtreeOnly.token;
    viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a viewer without rows sees the whole tree, the failing path named', async () => {
    const { components } = await tree(viewer);
    expect(names(components)).toEqual(expect.arrayContaining(['estate', 'public', 'web', 'secret', 'vault']));
    const estate = components.find((node) => node.name === 'estate');
    expect(estate?.status_reason).toBe('secret: vault: check vault-check is unhealthy');
  });

  it('hides a denied subtree from the weakest role in the tree, its counts and its reasons', async () => {
    const { components } = await tree(guest);
    expect(names(components).filter((name) => ['estate', 'public', 'web', 'secret', 'vault'].includes(name))).toEqual([
      'estate',
      'public',
      'web',
    ]);
    const estate = components.find((node) => node.name === 'estate');
    expect(estate?.status).toBe('unhealthy');
    expect(estate?.status_reason).toBe('a component you may not read is unhealthy');
    expect(estate?.summary).toMatchObject({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
    const dashboard = await get(guest, '/api/canary/api/topology?depth=0');
    expect(dashboard.text).not.toMatch(/vault|secret/);
  });

  it('answers 404 for a denied component, its subtree and their snapshots', async () => {
    for (const name of ['secret', 'vault']) {
      expect((await get(guest, `/api/canary/api/topology?id=${ids[name]}`)).status).toBe(404);
      expect((await get(guest, `/api/snapshot/topology/${ids[name]}?related=true`)).status).toBe(404);
    }
    const snapshot = await apiCall(t.app, 'GET', `/api/snapshot/topology/${ids.estate}?related=true`, guest);
    expect(snapshot.status).toBe(200);
    const archive = Buffer.from(await snapshot.arrayBuffer()).toString('latin1');
    expect(archive).toContain('"web"');
    expect(archive).not.toMatch(/vault|"secret"/);
    expect((await get(guest, '/api/canary/api/topology?id=nope')).status).toBe(400);
  });

  it('leaves the denied subtree out of /api/db, its views and its embeds', async () => {
    const rows = await get(guest, `/api/db/components?select=name&order=name&topology_id=eq.${topologyId}`);
    expect(JSON.parse(rows.text)).toEqual([{ name: 'estate' }, { name: 'public' }, { name: 'web' }]);
    expect(JSON.parse((await get(guest, `/api/db/components?id=eq.${ids.vault}`)).text)).toEqual([]);
    const embedded = await get(guest, `/api/db/topologies?select=name,components(name)&id=eq.${topologyId}`);
    expect(embedded.status).toBe(200);
    expect(embedded.text).not.toMatch(/vault|secret/);
    const children = await get(guest, `/api/db/components?select=name,components(name)&id=eq.${ids.estate}`);
    expect(children.status).toBe(200);
    expect(children.text).not.toMatch(/vault|secret/);
    for (const view of ['component_names', 'checks_by_component', 'check_component_relationships']) {
      const answer = await get(guest, `/api/db/${view}`);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(ids.vault);
      expect(answer.text).not.toContain(ids.secret);
    }
    const viewerRows = await get(viewer, '/api/db/checks_by_component');
    expect(viewerRows.text).toContain(ids.vault);
  });

  it('shows a person granted one subtree only that subtree, starting at its top', async () => {
    const { components } = await tree(granted);
    expect(components.map((node) => node.name)).toEqual(['public']);
    expect(names(components)).toEqual(['public', 'web']);
    const detail = await tree(granted, `&id=${ids.public}`);
    expect(detail.parents).toEqual([]);
    expect((await get(granted, `/api/canary/api/topology?id=${ids.estate}`)).status).toBe(404);
    expect((await get(granted, `/api/snapshot/topology/${ids.estate}`)).status).toBe(404);
    expect((await get(granted, `/api/snapshot/topology/${ids.web}`)).status).toBe(200);
    const rows = await get(granted, `/api/db/components?select=name&order=name&topology_id=eq.${topologyId}`);
    expect(JSON.parse(rows.text)).toEqual([{ name: 'public' }, { name: 'web' }]);
    expect((await get(granted, '/api/db/topologies')).status).toBe(403);
  });

  it('refuses an anonymous stranger', async () => {
    expect((await get(null, '/api/canary/api/topology')).status).toBe(401);
    expect((await get(null, `/api/snapshot/topology/${ids.estate}`)).status).toBe(401);
    expect((await get(null, '/api/db/components')).status).toBe(401);
  });
});
