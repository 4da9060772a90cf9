/**
 * canary-checker Topology features that read our own catalog, with our own items: `catalog` lookups
 * (with and without a display over `results`), property `configLookup`s, `groupBy` a catalog tag,
 * `configs[].tagSelector`, and the `id` templates (a component's external id for parent lookups, the
 * root's id). Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { topologyBuilder } from './topology-builder.service.js';

interface Node {
  id: string;
  name: string;
  type: string | null;
  status: string;
  status_reason: string | null;
  config_id: string | null;
  properties: Record<string, unknown>[] | null;
  components?: Node[];
}

const child = (list: Node[] | undefined, name: string): Node => {
  const found = list?.find((c) => c.name === name);
  if (!found) throw new Error(`no component ${name} in ${list?.map((c) => c.name).join(', ')}`);
  return found;
};
const props = (node: Node) => Object.fromEntries((node.properties ?? []).map(({ name, ...rest }) => [name, rest]));

describe('topology features reading the catalog, as upstream fixtures write them', () => {
  let t: TestApp;
  let admin: string;
  const items: Record<string, string> = {};

  const save = async (name: string, spec: unknown) => {
    const response = await apiCall(
      t.app,
      'POST',
      '/api/db/topologies',
      admin,
      { name, spec },
      { prefer: 'return=representation' },
    );
    const body = (await response.json()) as { id: string }[] | { message?: string };
    return { status: response.status, body, id: Array.isArray(body) ? (body[0]?.id ?? '') : '' };
  };
  const roots = async (id: string): Promise<Node[]> => {
    const response = await apiCall(t.app, 'GET', `/api/canary/api/topology?topologyId=${id}&depth=6`, admin);
    expect(response.status).toBe(200);
    return ((await response.json()) as { components: Node[] }).components;
  };
  const saveAndBuild = async (name: string, spec: unknown) => {
    const saved = await save(name, spec);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const result = await topologyBuilder({ database: t.database, config: loadConfig({}) }).build(saved.id);
    const [root, ...others] = await roots(saved.id);
    if (!root) throw new Error('no root component');
    return { result, root, others, id: saved.id };
  };
  const item = async (name: string, type: string, status: string, tags: Record<string, string>, config: unknown) => {
    const { rows } = await t.database.pool.query(
      `INSERT INTO config_items (config_class, type, name, status, description, tags, config, health, labels)
        VALUES ($2, $2, $1, $3, $4, $5::jsonb, $6::jsonb, $7, $8::jsonb) RETURNING id`,
      [
        name,
        type,
        status,
        `${name} is ${status}`,
        JSON.stringify(tags),
        JSON.stringify(config),
        status === 'Failed' ? 'unhealthy' : 'healthy',
        JSON.stringify({ tier: name === 'node-a' ? 'web' : 'db' }),
      ],
    );
    items[name] = rows[0].id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    await item('node-a', 'Lab::Node', 'Running', { site: 'oslo', namespace: 'lab' }, { spec: { os: 'alpine' } });
    await item('node-b', 'Lab::Node', 'Failed', { site: 'rome' }, { spec: { os: 'debian' } });
    await item('oven-settings', 'Lab::Settings', 'Active', { floor: '2' }, { spec: { heat: { max: 240 } } });
  });

  afterAll(async () => {
    await t?.close();
  });

  /**
   * A component of the same name holding `holder`: as upstream, the components a lookup finds take the
   * holder's place, so a test that wants them grouped puts the holder in a component of its own.
   */
  const inGroup = <T extends { name: string }>(holder: T) => ({ name: holder.name, components: [holder] });

  it('a catalog lookup: its display maps `results` into components; without one each item is a linked child', async () => {
    const { result, root } = await saveAndBuild('catalog-lookup', {
      components: [
        inGroup({
          name: 'nodes',
          lookup: {
            catalog: [
              {
                name: '',
                test: {},
                display: {
                  expr: `dyn(results).map(r, {'name': r.name, 'status': r.status, 'os': r.config.spec.os,
                    'statusExpr': 'summary.healthy >= 0 ? "healthy" : "unhealthy"'}).toJSON()`,
                },
                selector: [{ types: ['Lab::Node'] }],
              },
            ],
          },
        }),
        inGroup({
          name: 'linked',
          lookup: { catalog: [{ selector: [{ name: 'node-b' }], test: { expr: 'size(results) == 1' } }] },
        }),
        inGroup({
          name: 'failing',
          lookup: { catalog: [{ selector: [{ types: 'Lab::Node' }], test: { expr: 'size(results) > 5' } }] },
        }),
      ],
    });
    expect(result.errors).toEqual(['failing: catalog lookup: test failed']);
    const nodes = child(root.components, 'nodes');
    expect(nodes.components?.map((c) => c.name)).toEqual(['node-a', 'node-b']);
    expect(props(child(nodes.components, 'node-a'))).toMatchObject({ os: { text: 'alpine' } });
    expect(child(nodes.components, 'node-b')).toMatchObject({
      status: 'healthy',
      status_reason: 'statusExpr answered healthy',
    });
    expect(child(child(root.components, 'linked').components, 'node-b').config_id).toBe(items['node-b']);
  });

  it('a catalog selector matches by namespace, labelSelector, health and statuses', async () => {
    const selecting = (name: string, selector: Record<string, unknown>) =>
      inGroup({ name, lookup: { catalog: [{ selector: [{ types: 'Lab::Node', ...selector }] }] } });
    const { result, root } = await saveAndBuild('catalog-selectors', {
      components: [
        selecting('by-namespace', { namespace: 'lab' }),
        selecting('by-label', { labelSelector: 'tier=db' }),
        selecting('by-health', { health: ['unhealthy'] }),
        selecting('by-status', { statuses: 'Running' }),
      ],
    });
    expect(result.errors).toEqual([]);
    const names = (name: string) => child(root.components, name).components?.map((c) => c.name);
    expect([names('by-namespace'), names('by-label'), names('by-health'), names('by-status')]).toEqual([
      ['node-a'],
      ['node-b'],
      ['node-b'],
      ['node-a'],
    ]);
  });

  it('a property configLookup shows the matched item through its display; `id` names the item by a property', async () => {
    const { result, root } = await saveAndBuild('config-lookup', {
      components: [
        {
          name: 'oven',
          properties: [
            {
              name: 'max-heat',
              configLookup: {
                config: { name: 'oven-settings', type: 'Lab::Settings', tags: { floor: '2' } },
                display: { javascript: 'config.spec.heat.max + " C"' },
              },
            },
            { name: 'settings', text: 'oven-settings' },
            {
              name: 'state',
              configLookup: {
                id: 'settings',
                config: { type: 'Lab::Settings' },
                display: { template: '{{ .status }}' },
              },
            },
            {
              name: 'kind',
              configLookup: { config: { name: 'oven-settings' }, display: { jsonPath: '$.config_type' } },
            },
            { name: 'missing', text: 'none', configLookup: { config: { name: 'no-such' }, display: { expr: 'name' } } },
          ],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(props(child(root.components, 'oven'))).toMatchObject({
      'max-heat': { text: '240 C' },
      state: { text: 'Active' },
      kind: { text: 'Lab::Settings' },
      missing: { text: 'none' },
    });
    const refused = await save('config-lookup-no-display', {
      properties: [{ name: 'p', configLookup: { config: { name: 'x' }, display: {} } }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/a configLookup needs a display/);
  });

  it('groupBy builds one root per tag value, its config selectors and catalog lookups narrowed to it', async () => {
    const { result, root, others } = await saveAndBuild('grouped', {
      groupBy: { tag: 'site', selector: { types: 'Lab::Node', statuses: ['Running', 'Failed'] } },
      components: [
        inGroup({ name: 'hosts', lookup: { catalog: [{ selector: [{ types: ['Lab::Node'] }] }] } }),
        { name: 'linked', configs: [{ type: 'Lab::Node' }] },
      ],
    });
    expect(result.errors).toEqual([]);
    const all = [root, ...others];
    expect(all.map((r) => r.name).sort()).toEqual(['grouped (oslo)', 'grouped (rome)']);
    const oslo = child(all, 'grouped (oslo)');
    expect(child(oslo.components, 'hosts').components?.map((c) => c.name)).toEqual(['node-a']);
    const linked = child(oslo.components, 'linked');
    const { rows } = await t.database.pool.query(
      'SELECT config_id FROM config_component_relationships WHERE component_id = $1 AND deleted_at IS NULL',
      [linked.id],
    );
    expect(rows.map((row) => row.config_id)).toEqual([items['node-a']]);
  });

  it('configs[].tagSelector links the items carrying the tag, on a component and on the spec', async () => {
    const { root } = await saveAndBuild('tag-selector', {
      configs: [{ tagSelector: 'floor=2' }],
      properties: [{ name: 'zone', text: 'lab', color: 'green' }],
      components: [{ name: 'rome-only', configs: [{ type: 'Lab::Node', tagSelector: 'site=rome' }] }],
    });
    const linkedTo = async (id: string) =>
      (
        await t.database.pool.query(
          'SELECT config_id FROM config_component_relationships WHERE component_id = $1 AND deleted_at IS NULL',
          [id],
        )
      ).rows.map((row) => row.config_id);
    expect(await linkedTo(root.id)).toEqual([items['oven-settings']]);
    expect(await linkedTo(child(root.components, 'rome-only').id)).toEqual([items['node-b']]);
    expect(props(root)).toEqual({ zone: { text: 'lab', color: 'green' } });
  });

  it('id templates: a component’s id is the external id parent lookups find; the spec’s id is the root’s id', async () => {
    const rootId = '0196a0c2-7d1e-7c3a-9b4f-2a6d8e1f3c55';
    const { result, root } = await saveAndBuild('id-templates', {
      id: { template: '{{ index .properties "root-id" }}' },
      properties: [{ name: 'root-id', text: rootId }],
      components: [
        { name: 'rack', id: { expr: '"rack-" + self.name' }, properties: [{ name: 'row', text: '7' }] },
        { name: 'server', parentLookup: { externalID: 'rack-rack' } },
        inGroup({
          name: 'found',
          lookup: { catalog: [{ selector: [{ types: 'Lab::Node' }] }] },
          id: { javascript: '"node:" + self.name' },
        }),
        { name: 'disk', parentLookup: { externalID: 'node:node-a' } },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(root.id).toBe(rootId);
    expect(child(root.components, 'rack').components?.map((c) => c.name)).toEqual(['server']);
    const found = child(root.components, 'found');
    expect(child(found.components, 'node-a').components?.map((c) => c.name)).toEqual(['disk']);
  });
});
