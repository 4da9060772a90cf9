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

    await sql`UPDATE components SET labels = '{"zone": "vault-zone"}'::jsonb WHERE name = 'vault'`.execute(db);
    await sql`UPDATE components SET labels = '{"zone": "web-zone"}'::jsonb WHERE name = 'web'`.execute(db);
    const item = await sql<{ id: string }>`INSERT INTO config_items (config_class, type, name)
      VALUES ('Database', 'Vault::Store', 'vault-store') RETURNING id`.execute(db);
    const itemId = item.rows[0]?.id;
    await sql`INSERT INTO config_component_relationships (component_id, config_id) VALUES (${ids.vault}, ${itemId})`.execute(
      db,
    );
    await sql`INSERT INTO config_changes (config_id, change_type, summary) VALUES (${itemId}, 'diff', 'vault-store rotated')`.execute(
      db,
    );
    await sql`INSERT INTO config_analysis (config_id, analyzer, summary) VALUES (${itemId}, 'vault-analyzer', 'vault-store open')`.execute(
      db,
    );
    const reporter = await signedInUser(t, { roles: ['admin'] });
    const incident = await sql<{ id: string }>`INSERT INTO incidents (title, type, severity, created_by)
      VALUES ('vault down', 'availability', 'High', ${reporter.id}) RETURNING id`.execute(db);
    const hypothesis = await sql<{ id: string }>`INSERT INTO hypotheses (incident_id, title, created_by)
      VALUES (${incident.rows[0]?.id}, 'root', ${reporter.id}) RETURNING id`.execute(db);
    await sql`INSERT INTO evidences (hypothesis_id, type, component_id, created_by)
      VALUES (${hypothesis.rows[0]?.id}, 'topology', ${ids.vault}, ${reporter.id})`.execute(db);
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

  it('lists only the labels of components its reader may read (component_labels)', async () => {
    const labels = async (token: string) => {
      const answer = await get(token, '/api/db/component_labels?key=eq.zone&order=value');
      expect(answer.status).toBe(200);
      return JSON.parse(answer.text) as { key: string; value: string }[];
    };
    expect(await labels(viewer)).toEqual([
      { key: 'zone', value: 'vault-zone' },
      { key: 'zone', value: 'web-zone' },
    ]);
    expect(await labels(guest)).toEqual([{ key: 'zone', value: 'web-zone' }]);
    expect(await labels(granted)).toEqual([{ key: 'zone', value: 'web-zone' }]);
    const embedded = await get(guest, '/api/db/component_labels?select=value&value=like.vault*');
    expect(JSON.parse(embedded.text)).toEqual([]);
  });

  it('leaves hidden components out of every *_by_component call, their rows and their names', async () => {
    const views = [
      'changes_by_component',
      'component_changes',
      'checks_by_component',
      'incidents_by_component',
      'analysis_by_component',
      'component_config_items',
      'team_components',
      'components_with_logs',
      'evidences',
    ];
    for (const view of views) {
      const answer = await get(guest, `/api/db/${view}`);
      expect(answer.status, view).toBe(200);
      expect(answer.text, view).not.toMatch(/vault|secret/);
      expect(answer.text, view).not.toContain(ids.vault);
    }
    const viewerChanges = await get(viewer, '/api/db/changes_by_component?select=summary');
    expect(viewerChanges.text).toMatch(/vault/);
    const estateChanges = JSON.parse(
      (await get(guest, `/api/db/changes_by_component?select=summary&component_id=eq.${ids.estate}`)).text,
    ) as { summary: string }[];
    expect(estateChanges.map((row) => row.summary)).toContain('unknown → unhealthy');
    const filtered = await get(guest, '/api/db/component_changes?summary=like.*vault*');
    expect(JSON.parse(filtered.text)).toEqual([]);
    const rpc = `/api/db/rpc/lookup_analysis_by_component?id=${ids.vault}`;
    expect(JSON.parse((await get(viewer, rpc)).text)).toHaveLength(1);
    const hidden = await get(guest, rpc);
    expect(hidden.status).toBe(200);
    expect(JSON.parse(hidden.text)).toEqual([]);
    expect(JSON.parse((await get(granted, `/api/db/changes_by_component?component_id=eq.${ids.vault}`)).text)).toEqual(
      [],
    );
  });

  it('reads summary and status_reason through /api/db from visible components only', async () => {
    const viewerRows = JSON.parse(
      (await get(viewer, `/api/db/components?select=status_reason&id=eq.${ids.estate}`)).text,
    ) as { status_reason: string }[];
    expect(viewerRows[0]?.status_reason).toBe('secret: vault: check vault-check is unhealthy');
    const rows = JSON.parse(
      (await get(guest, `/api/db/components?select=name,status,status_reason,summary&id=eq.${ids.estate}`)).text,
    ) as Node[];
    expect(rows[0]).toMatchObject({ name: 'estate', status: 'unhealthy' });
    expect(rows[0]?.status_reason).toBe('a component you may not read is unhealthy');
    expect(rows[0]?.summary).toMatchObject({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
    const paths = [
      '/api/db/components?select=*',
      `/api/db/topologies?select=name,components(name,status_reason,summary)&id=eq.${topologyId}`,
      `/api/db/components?select=name,components(name,status_reason,summary)&id=eq.${ids.estate}`,
      '/api/db/check_component_relationships?select=components(name,status_reason,summary)',
    ];
    for (const path of paths) {
      const answer = await get(guest, path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toMatch(/vault|secret/);
    }
    const writer = await signedInUser(t, { roles: ['editor'] });
    await sql`INSERT INTO permissions (person_id, component_id, action, deny)
      VALUES (${writer.id}, ${ids.secret}, 'read', true)`.execute(t.database.db);
    const written = await apiCall(
      t.app,
      'PATCH',
      `/api/db/components?id=eq.${ids.estate}&select=status_reason,summary`,
      writer.token,
      { description: 'the estate' },
      { Prefer: 'return=representation' },
    );
    expect(written.status).toBe(200);
    const text = await written.text();
    expect(text).toContain('a component you may not read is unhealthy');
    expect(text).not.toMatch(/vault|secret/);
    const oracle = await get(guest, '/api/db/components?select=name&status_reason=like.*vault*');
    expect(JSON.parse(oracle.text)).toEqual([]);
    const ordered = await get(guest, '/api/db/components?select=name&summary->>unhealthy=eq.1');
    expect(JSON.parse(ordered.text)).toEqual([]);
  });

  it('refuses an anonymous stranger', async () => {
    expect((await get(null, '/api/canary/api/topology')).status).toBe(401);
    expect((await get(null, `/api/snapshot/topology/${ids.estate}`)).status).toBe(401);
    for (const path of [
      '/api/db/components',
      '/api/db/component_labels',
      '/api/db/changes_by_component',
      '/api/db/component_changes',
      `/api/db/rpc/lookup_analysis_by_component?id=${ids.vault}`,
    ])
      expect((await get(null, path)).status, path).toBe(401);
  });
});
