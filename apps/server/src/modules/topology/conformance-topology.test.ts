/**
 * Conformance of the Topology class with canary-checker's `Topology` spec: every upstream field is
 * honoured (shown here against local HTTP and PostgreSQL stand-ins) or refused when the topology is
 * saved, with a 400 naming the field. Our own data; runs on PGlite and PostgreSQL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CANARY_API_VERSION, canariesService } from '../health/index.js';
import { topologyBuilder } from './topology-builder.service.js';

/** The PostgreSQL server SQL lookups read (a real one), apart from the app's database. */
const LOOKUP_URL = process.env.MC_TOPOLOGY_LOOKUP_URL ?? 'postgres://root@127.0.0.1:5432/test';
const table = `topology_conformance_${process.pid}_${Date.now()}`;

interface Property {
  name: string;
  text?: string;
  value?: number;
  min?: number;
  max?: number;
  unit?: string;
}
interface Node {
  id: string;
  name: string;
  type: string | null;
  icon: string | null;
  status: string;
  properties: Property[] | null;
  components?: Node[];
}

const child = (list: Node[] | undefined, name: string): Node => {
  const found = list?.find((c) => c.name === name);
  if (!found) throw new Error(`no component ${name} in ${list?.map((c) => c.name).join(', ')}`);
  return found;
};
const props = (node: Node) => Object.fromEntries((node.properties ?? []).map(({ name, ...rest }) => [name, rest]));

/** Answers of the HTTP stand-in, by path. */
const ANSWERS: Record<string, unknown> = {
  '/services': {
    items: [
      { name: 'billing', type: 'API', properties: [{ name: 'team', text: 'ledger' }] },
      { name: 'storefront', type: 'Frontend', properties: [{ name: 'team', text: 'web' }] },
    ],
  },
  '/cpu': [
    { name: 'billing', properties: [{ name: 'cpu', value: 3, unit: 'millicores' }] },
    { name: 'storefront', properties: [{ name: 'cpu', value: 7, unit: 'millicores' }] },
  ],
  '/facts': [
    { name: 'vendor', text: 'Initech' },
    { name: 'site', text: 'Lisbon' },
  ],
  '/version': '4.2.0',
  '/limit': { name: 'errors', max: 100 },
  '/regions/billing': { region: 'eu-west' },
  '/regions/storefront': { region: 'us-east' },
  '/hosts': [
    { name: 'host-1', type: 'Host', parentLookup: { name: 'rack-b', type: 'Rack' } },
    { name: 'host-2', type: 'Host' },
  ],
};

describe('topology conformance (canary-checker Topology spec)', () => {
  let t: TestApp;
  let admin: string;
  let http: Server;
  let base = '';
  let lookup: pg.Client;
  const requested: string[] = [];
  let billingConfig = '';

  const save = async (name: string, spec: unknown) => {
    const response = await apiCall(
      t.app,
      'POST',
      '/api/db/topologies',
      admin,
      { name, spec },
      {
        prefer: 'return=representation',
      },
    );
    const body = (await response.json()) as { id: string }[] | { message?: string };
    return { status: response.status, body, id: Array.isArray(body) ? (body[0]?.id ?? '') : '' };
  };
  const build = (id: string) => topologyBuilder({ database: t.database, config: loadConfig({}) }).build(id);
  const tree = async (id: string): Promise<Node> => {
    const response = await apiCall(t.app, 'GET', `/api/canary/api/topology?topologyId=${id}&depth=6`, admin);
    expect(response.status).toBe(200);
    const [root] = ((await response.json()) as { components: Node[] }).components;
    if (!root) throw new Error('no root component');
    return root;
  };
  const saveAndBuild = async (name: string, spec: unknown) => {
    const saved = await save(name, spec);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const result = await build(saved.id);
    return { id: saved.id, result, root: await tree(saved.id) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    http = createServer((req, res) => {
      requested.push(req.url ?? '');
      const team = req.headers['x-team'];
      const answer = req.url === '/team' ? [{ name: `team-${String(team)}` }] : ANSWERS[req.url ?? ''];
      res.statusCode = answer === undefined ? 404 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer ?? { error: 'not found' }));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
    lookup = new pg.Client({ connectionString: LOOKUP_URL });
    await lookup.connect();
    await lookup.query(`CREATE TABLE ${table} (name text, value integer, unit text)`);
    await lookup.query(`INSERT INTO ${table} VALUES ('disk', 42, 'GB'), ('memory', 8, 'GB')`);
    const config = await t.database.pool.query(
      `INSERT INTO config_items (config_class, type, name) VALUES ('Service', 'Service', 'billing') RETURNING id`,
    );
    billingConfig = config.rows[0].id;
    await canariesService(t.database).create(
      {
        apiVersion: CANARY_API_VERSION,
        kind: 'Canary',
        metadata: { name: 'billing-probe', namespace: 'default', labels: { service: 'billing' } },
        spec: { schedule: '@every 1h', http: [{ name: 'billing-health', url: `${base}/version` }] },
      },
      { actor: { kind: 'system', name: 'test' } },
    );
  });

  afterAll(async () => {
    await lookup?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await lookup?.end();
    http?.close();
    await t?.close();
  });

  it('forEach: every looked-up component gets its components, templated properties, configs, selectors and checks', async () => {
    const { id, result, root } = await saveAndBuild('for-each', {
      components: [
        {
          name: 'services',
          type: 'Group',
          icon: 'cog',
          lookup: { http: [{ name: 'service list', url: `${base}/services`, jsonPath: '$.items' }] },
          forEach: {
            components: [
              {
                name: 'worker',
                type: 'Process',
                checks: [{ inline: { http: [{ name: 'worker-$(.component.name)', url: `${base}/version` }] } }],
              },
            ],
            properties: [
              { name: 'cpu', lookup: { http: [{ url: `${base}/cpu` }] } },
              { name: 'kind', text: '$(.component.type) owned by $(.properties.team)' },
              {
                name: 'region',
                lookup: { http: [{ url: `${base}/regions/$(.component.name)`, jsonPath: '$.region' }] },
              },
            ],
            configs: [{ name: '$(.component.name)', type: 'Service' }],
            selectors: [{ name: 'worker', types: ['Process'] }],
            checks: [{ selector: { labelSelector: 'service=$(.component.name)' } }],
          },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    // As upstream, the looked-up components take the place of the component holding the lookup.
    const services = root;
    expect(services.components?.map((c) => [c.name, c.type])).toEqual([
      ['billing', 'API'],
      ['storefront', 'Frontend'],
    ]);
    const billing = child(services.components, 'billing');
    expect(billing.icon).toBe('cog');
    expect(billing.components?.map((c) => c.name)).toEqual(['worker']);
    expect(props(billing)).toMatchObject({
      team: { text: 'ledger' },
      cpu: { value: 3, unit: 'millicores' },
      kind: { text: 'API owned by ledger' },
      region: { text: 'eu-west' },
    });
    expect(props(child(services.components, 'storefront'))).toMatchObject({
      cpu: { value: 7 },
      region: { text: 'us-east' },
    });
    // The cpu lookup is the same for both rows after templating: it ran once.
    expect(requested.filter((path) => path === '/cpu')).toHaveLength(1);
    const configs = await t.database.pool.query(
      `SELECT i.name FROM config_component_relationships r JOIN config_items i ON i.id = r.config_id
        WHERE r.component_id = $1 AND r.deleted_at IS NULL`,
      [billing.id],
    );
    expect(configs.rows.map((row) => row.name)).toEqual(['billing']);
    const checksOf = async (component: Node) => {
      const response = await apiCall(
        t.app,
        'GET',
        `/api/db/checks_by_component?component_id=eq.${component.id}`,
        admin,
      );
      return ((await response.json()) as { name: string }[]).map((c) => c.name);
    };
    expect(await checksOf(billing)).toEqual(['billing-health']);
    // Each looked-up component's forEach child has its own inline canary, though the children share a name.
    expect(await checksOf(child(billing.components, 'worker'))).toEqual(['worker-billing']);
    const storefront = child(services.components, 'storefront');
    expect(await checksOf(child(storefront.components, 'worker'))).toEqual(['worker-storefront']);
    const related = await t.database.pool.query(
      `SELECT c.parent_id FROM component_relationships r JOIN components c ON c.id = r.component_id
        WHERE r.relationship_id = $1 AND r.deleted_at IS NULL`,
      [billing.id],
    );
    expect(related.rows.length).toBeGreaterThan(0);
    expect(id).not.toBe('');
  });

  it('parentLookup: spec components and lookup rows are attached under the parent they name', async () => {
    const { result, root } = await saveAndBuild('parent-lookup', {
      components: [
        { name: 'rack-a', type: 'Rack', components: [{ name: 'pdu', parentLookup: { name: 'rack-b', type: 'Rack' } }] },
        { name: 'rack-b', type: 'Rack' },
        { name: 'inventory', lookup: { http: [{ url: `${base}/hosts` }] } },
        { name: 'rack-c', type: 'Rack', namespace: 'east' },
        { name: 'cable', parentLookup: { name: 'rack-c', namespace: 'east' } },
        { name: 'stray', parentLookup: { name: 'rack-z' } },
        { name: 'elsewhere', parentLookup: { name: 'rack-a', namespace: 'other' } },
      ],
    });
    const rackB = child(root.components, 'rack-b');
    expect(rackB.components?.map((c) => c.name).sort()).toEqual(['host-1', 'pdu']);
    expect(child(root.components, 'rack-a').components ?? []).toEqual([]);
    // The lookup's rows take the place of 'inventory' (upstream's placement); host-1 then moves to rack-b.
    expect(root.components?.map((c) => c.name)).toContain('host-2');
    expect(root.components?.map((c) => c.name)).not.toContain('inventory');
    expect(root.components?.map((c) => c.name)).toContain('stray');
    expect(child(root.components, 'rack-c').components?.map((c) => c.name)).toEqual(['cable']);
    expect(result.errors).toEqual([
      'stray: parentLookup rack-z found no component; it stays under parent-lookup',
      'elsewhere: parentLookup rack-a found no component; it stays under parent-lookup',
    ]);
  });

  it('property lookups: components, property lists and single values are merged into the properties', async () => {
    const { result, root } = await saveAndBuild('property-lookups', {
      components: [
        {
          name: 'platform',
          properties: [
            { name: 'errors', min: 0 },
            { name: 'version', label: 'Version', lookup: { http: [{ url: `${base}/version` }] } },
            { name: 'facts', lookup: { http: [{ url: `${base}/facts` }] } },
            { name: 'error-limit', lookup: { http: [{ url: `${base}/limit` }] } },
            {
              name: 'sizes',
              lookup: { postgres: [{ url: LOOKUP_URL, query: `SELECT name, value, unit FROM ${table}` }] },
            },
            {
              name: 'rows',
              unit: 'rows',
              lookup: { postgres: [{ url: LOOKUP_URL, query: `SELECT count(*)::int AS n FROM ${table}` }] },
            },
          ],
        },
        {
          name: 'fleet',
          lookup: { http: [{ url: `${base}/services`, jsonPath: '$.items' }] },
          properties: [{ name: 'cpu', lookup: { http: [{ url: `${base}/cpu` }] } }],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(props(child(root.components, 'platform'))).toEqual({
      errors: { min: 0, max: 100 },
      version: { label: 'Version', text: '4.2.0' },
      vendor: { text: 'Initech' },
      site: { text: 'Lisbon' },
      disk: { value: 42, unit: 'GB' },
      memory: { value: 8, unit: 'GB' },
      rows: { value: 2, unit: 'rows' },
    });
    // 'fleet' is replaced by the services it found, each with the cpu its property lookup gave it.
    expect(props(child(root.components, 'billing')).cpu).toEqual({ value: 3, unit: 'millicores' });
    expect(root.components?.map((c) => c.name)).not.toContain('fleet');
  });

  it('selectors (also on a component without a name), status/health and check selectors and inline checks', async () => {
    const { id, result, root } = await saveAndBuild('selectors', {
      components: [
        { selectors: [{ labelSelector: 'tier=data' }] },
        { name: 'db-1', type: 'Database', labels: { tier: 'data' }, health: 'unhealthy' },
        { name: 'db-2', type: 'Database', labels: { tier: 'web' }, status: 'healthy' },
        { name: 'by-field', selectors: [{ fieldSelector: 'type=Database,name!=db-1' }] },
        { name: 'by-status', selectors: [{ types: 'Database', statuses: ['unhealthy'], limit: 5 }] },
        { name: 'probe', checks: [{ selector: { name: 'billing-health', types: ['http'] } }] },
        { name: 'inline', checks: [{ inline: { http: [{ name: 'conformance-inline', url: `${base}/version` }] } }] },
      ],
    });
    expect(result.errors).toEqual([]);
    const names = new Map<string, Node>((root.components ?? []).map((c) => [c.name, c]));
    expect([...names.keys()]).toContain('selectors-1');
    expect(names.get('db-1')?.status).toBe('unhealthy');
    expect(names.get('db-2')?.status).toBe('healthy');
    const selected = async (name: string) => {
      const { rows } = await t.database.pool.query(
        `SELECT c.name FROM component_relationships r JOIN components c ON c.id = r.component_id
          WHERE r.relationship_id = $1 AND r.deleted_at IS NULL AND c.topology_id = $2 ORDER BY c.name`,
        [names.get(name)?.id, id],
      );
      return rows.map((row) => row.name);
    };
    expect(await selected('selectors-1')).toEqual(['db-1']);
    expect(await selected('by-field')).toEqual(['db-2']);
    expect(await selected('by-status')).toEqual(['db-1']);
    const byApi = await apiCall(
      t.app,
      'GET',
      `/api/db/component_relationships?relationship_id=eq.${names.get('by-field')?.id}`,
      admin,
    );
    expect(((await byApi.json()) as unknown[]).length).toBe(1);
    const checksOf = async (name: string) => {
      const response = await apiCall(
        t.app,
        'GET',
        `/api/db/checks_by_component?component_id=eq.${names.get(name)?.id}`,
        admin,
      );
      return ((await response.json()) as { name: string }[]).map((c) => c.name);
    };
    expect(await checksOf('probe')).toEqual(['billing-health']);
    expect(await checksOf('inline')).toEqual(['conformance-inline']);
  });

  it('stores the plain fields of the spec and its components', async () => {
    const { id, result, root } = await saveAndBuild('plain', {
      label: 'Plain Root',
      type: 'Estate',
      icon: 'building',
      tooltip: 'the estate',
      owner: 'facilities',
      properties: [{ name: 'floors', value: 3, headline: true, order: 1 }],
      components: [
        {
          name: 'lobby',
          type: 'Room',
          icon: 'door',
          text: 'Front lobby',
          description: 'where visitors wait',
          tooltip: 'ground floor',
          owner: 'reception',
          lifecycle: 'production',
          hidden: true,
          labels: { floor: '0' },
          logs: [{ name: 'lobby-logs', labels: { room: 'lobby' } }],
          configs: [{ name: 'billing', type: 'Service' }],
        },
        { name: 'billing-service', namespace: 'finance', configID: billingConfig },
        { name: 'catalog', lookup: { configs: [{ type: 'Service', name: 'billing' }] } },
        { name: 'by-id', configs: [{ id: billingConfig }] },
        { name: 'teams', lookup: { http: [{ url: `${base}/team`, headers: { 'X-Team': 'ledger' } }] } },
        {
          name: 'teams-list',
          lookup: { http: [{ url: `${base}/team`, headers: [{ name: 'X-Team', value: 'web' }] }] },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(root.name).toBe('Plain Root');
    const service = await t.database.pool.query(
      `SELECT namespace, config_id FROM components WHERE topology_id = $1 AND name = 'billing-service'`,
      [id],
    );
    expect(service.rows[0]).toEqual({ namespace: 'finance', config_id: billingConfig });
    expect(props(root)).toEqual({ floors: { value: 3, headline: true, order: 1 } });
    const { rows } = await t.database.pool.query(
      `SELECT name, type, icon, text, description, tooltip, owner, lifecycle, hidden, labels, log_selectors, topology_type
        FROM components WHERE topology_id = $1 AND deleted_at IS NULL ORDER BY external_id`,
      [id],
    );
    expect(rows[0]).toMatchObject({ type: 'Estate', icon: 'building', tooltip: 'the estate', owner: 'facilities' });
    expect(rows.find((row) => row.name === 'lobby')).toMatchObject({
      type: 'Room',
      icon: 'door',
      text: 'Front lobby',
      description: 'where visitors wait',
      tooltip: 'ground floor',
      owner: 'reception',
      lifecycle: 'production',
      hidden: true,
      labels: { floor: '0' },
      log_selectors: [{ name: 'lobby-logs', labels: { room: 'lobby' } }],
      topology_type: 'Estate',
    });
    const linked = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM config_component_relationships r JOIN components c ON c.id = r.component_id
        WHERE c.topology_id = $1 AND r.deleted_at IS NULL`,
      [id],
    );
    expect(linked.rows[0].n).toBe(4);
    // Each lookup's rows take its place: the catalog item, one team per header form (lobby is hidden).
    expect(root.components?.map((c) => [c.name, c.type])).toEqual([
      ['billing', 'Service'],
      ['billing-service', null],
      ['by-id', null],
      ['team-ledger', null],
      ['team-web', null],
    ]);
    const missing = await saveAndBuild('missing-config', {
      components: [{ name: 'ghost', configID: '00000000-0000-4000-8000-000000000001' }],
    });
    expect(missing.result.errors).toEqual([
      'ghost: configID 00000000-0000-4000-8000-000000000001 is not a live catalog item',
    ]);
  });

  it("honours an http lookup's url through the egress guard: a refused address is a build error naming the lookup", async () => {
    const { result, root } = await saveAndBuild('egress', {
      components: [
        { name: 'metadata', lookup: { http: [{ name: 'cloud metadata', url: 'http://169.254.169.254/latest/' }] } },
        { name: 'local', lookup: { http: [{ url: `${base}/facts` }] } },
      ],
    });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^metadata: http lookup cloud metadata: egress refused: /);
    expect(root.components?.map((c) => c.name)).toEqual(['site', 'vendor']);
  });

  it("places a lookup's components where the component holding it was, as canary-checker; the root keeps its own lookup's rows", async () => {
    const { result, root } = await saveAndBuild('placement', {
      lookup: { http: [{ url: `${base}/facts` }] },
      components: [
        {
          name: 'estate',
          type: 'Group',
          components: [
            {
              name: 'service list',
              type: 'virtual',
              icon: 'cog',
              lookup: { http: [{ url: `${base}/services`, jsonPath: '$.items' }] },
              properties: [{ name: 'tier', text: 'gold' }],
            },
            { name: 'gateway', type: 'Proxy' },
          ],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(root.components?.map((c) => c.name)).toEqual(['estate', 'site', 'vendor']);
    const estate = child(root.components, 'estate');
    // The holder is not stored: its rows stand in its place, beside its sibling (the tree lists by name).
    expect(estate.components?.map((c) => [c.name, c.type, c.icon])).toEqual([
      ['billing', 'API', 'cog'],
      ['gateway', 'Proxy', null],
      ['storefront', 'Frontend', 'cog'],
    ]);
    // Every property of the holder is merged into the components it found, the plain ones too.
    expect(props(child(estate.components, 'billing'))).toEqual({ team: { text: 'ledger' }, tier: { text: 'gold' } });
    const stored = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM components WHERE name = 'service list' AND deleted_at IS NULL`,
    );
    expect(stored.rows[0].n).toBe(0);
  });

  it('refuses at save a field beside a lookup that the replaced component would drop, naming it', async () => {
    for (const field of ['checks', 'selectors', 'components', 'owner']) {
      const value =
        field === 'checks'
          ? [{ selector: { name: 'x' } }]
          : field === 'selectors'
            ? [{ name: 'x' }]
            : field === 'components'
              ? [{ name: 'x' }]
              : 'team';
      const saved = await save(`beside-${field}`, {
        components: [{ name: 'holder', lookup: { http: [{ url: `${base}/facts` }] }, [field]: value }],
      });
      expect(saved.status).toBe(400);
      expect(JSON.stringify(saved.body)).toContain(
        `components.0: ${field} beside a lookup is not supported: the component is replaced by the components its lookup finds`,
      );
    }
  });

  const refused: [string, unknown, string][] = [
    ['push', { push: { url: 'https://example.com' } }, 'spec: push'],
    ['root namespace', { namespace: 'x' }, 'spec: namespace'],
    ['order', { components: [{ name: 'a', order: 1 }] }, 'components.0: order'],
    ['relationships', { components: [{ name: 'a', relationships: [{ ref: 'b' }] }] }, 'components.0: relationships'],
    ['summary', { components: [{ name: 'a', summary: { healthy: 1 } }] }, 'components.0: summary'],
    ['canarySelector', { components: [{ name: 'a', canarySelector: [] }] }, 'components.0: canarySelector'],
    [
      'kubernetes lookup',
      { components: [{ name: 'a', lookup: { kubernetes: [{ kind: 'Pod' }] } }] },
      'components.0.lookup: kubernetes',
    ],
    ['exec lookup', { components: [{ name: 'a', lookup: { exec: [{ script: 'ls' }] } }] }, 'components.0.lookup: exec'],
    [
      'kubeconfig',
      { components: [{ name: 'a', lookup: { http: [{ url: 'https://x', kubeconfig: { value: 'x' } }] } }] },
      'components.0.lookup.http.0: kubeconfig',
    ],
    [
      'header valueFrom',
      {
        components: [
          {
            name: 'a',
            lookup: { http: [{ url: 'https://x', headers: [{ name: 'h', valueFrom: { secretKeyRef: {} } }] }] },
          },
        ],
      },
      'components.0.lookup.http.0.headers.0: valueFrom',
    ],
    [
      'http connection',
      { components: [{ name: 'a', lookup: { http: [{ url: 'https://x', connection: 'connection://http/x' }] } }] },
      'components.0.lookup.http.0: connection',
    ],
    ['property links', { properties: [{ name: 'p', links: [] }] }, 'properties.0: links'],
    [
      'property catalog lookup',
      { properties: [{ name: 'p', lookup: { catalog: [] } }] },
      'properties.0.lookup: catalog',
    ],
    [
      'forEach relationships',
      { components: [{ name: 'a', forEach: { relationships: [] } }] },
      'components.0.forEach: relationships',
    ],
    [
      'selector search',
      { components: [{ name: 'a', selectors: [{ search: 'x' }] }] },
      'components.0.selectors.0: search',
    ],
    [
      'selector agent',
      { components: [{ name: 'a', selectors: [{ name: 'b', agent: 'self' }] }] },
      'components.0.selectors.0: agent',
    ],
    [
      'check selector statuses',
      { components: [{ name: 'a', checks: [{ selector: { statuses: ['healthy'] } }] }] },
      'components.0.checks.0.selector: statuses',
    ],
  ];

  it.each(refused)('refuses %s at save with a 400 naming the field', async (_what, spec, where) => {
    const saved = await save(`refused-${Math.random().toString(36).slice(2, 8)}`, spec);
    expect(saved.status).toBe(400);
    expect(JSON.stringify(saved.body)).toContain(`${where} is not supported by this server`);
  });

  it('refuses forEach templates and field selectors it cannot evaluate, and a nameless component without selectors', async () => {
    const template = await save('bad-template', {
      components: [
        { name: 'a', lookup: { http: [{ url: `${base}/hosts` }] }, forEach: { configs: [{ name: '$(.config.id)' }] } },
      ],
    });
    expect(template.status).toBe(400);
    expect(JSON.stringify(template.body)).toContain(
      "components.0.forEach.configs.0.name: template '$(.config.id)' is not supported by this server",
    );
    const field = await save('bad-field', { components: [{ name: 'a', selectors: [{ fieldSelector: 'cost=1' }] }] });
    expect(field.status).toBe(400);
    expect(JSON.stringify(field.body)).toContain(
      "components.0.selectors.0.fieldSelector: field 'cost' is not supported by this server",
    );
    const lonely = await save('lonely-for-each', {
      components: [{ name: 'a', forEach: { components: [{ name: 'b' }] } }],
    });
    expect(lonely.status).toBe(400);
    expect(JSON.stringify(lonely.body)).toContain('components.0.forEach: forEach applies to what a lookup finds');
    const nameless = await save('nameless', { components: [{ type: 'Service' }] });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(nameless.body)).toContain('components.0.name');
  });
});
