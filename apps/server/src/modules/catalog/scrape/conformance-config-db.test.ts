/**
 * Conformance with config-db's ScrapeConfig (issue 28, class "Catalog (config-db)"): every field a
 * scraper entry may carry is honoured (shown by a scrape of this file's own data: files, a local HTTP
 * server, a local PostgreSQL) or refused when the scraper is saved (400 naming the field).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowScraperFiles,
  type CatalogTestApp,
  createCatalogTestApp,
  scrapeConfig,
} from '../testing/catalog-test-app.js';
import { storeConnection } from '../testing/stored-connection.js';

const PG_URL = process.env.MC_SCRAPE_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const table = `catalog_conformance_${randomBytes(4).toString('hex')}`;

let t: CatalogTestApp;
let admin: string;
let dir: string;
let server: Server;
let base: string;
let source: pg.Client;

interface ItemRow {
  id: string;
  scrape_key: string;
  name: string;
  type: string;
  config_class: string;
  config: Record<string, unknown>;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  icon: string | null;
  created_at: Date;
  deleted_at: Date | null;
  delete_reason: string | null;
  parent_id: string | null;
}

const itemsOf = (scraperId: string) =>
  t.rows<ItemRow>(
    `SELECT id, scrape_key, name, type, config_class, config, labels, tags, icon, created_at, deleted_at, delete_reason,
            parent_id
       FROM config_items WHERE scraper_id = $1 ORDER BY type, scrape_key`,
    [scraperId],
  );

async function create(name: string, spec: Record<string, unknown>): Promise<string> {
  const response = await t.call(admin, 'POST', '/api/catalog/scrapers', scrapeConfig(name, spec));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const HOSTS = {
  hosts: [
    {
      hostname: 'web-1',
      meta: { uid: 'h-1', etag: 'e-1' },
      secret: 's3cret-1',
      born: '2024-03-01 10:00:00',
      zone: 'a',
      role: 'web',
    },
    {
      hostname: 'web-2',
      meta: { uid: 'h-2', etag: 'e-2' },
      secret: 's3cret-2',
      born: '2024-03-02 10:00:00',
      retired: '2024-06-01 00:00:00',
      zone: 'b',
      role: 'web',
    },
  ],
};

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  dir = await mkdtemp(join(tmpdir(), 'mc-conformance-'));
  await allowScraperFiles(t.database, dir);
  await writeFile(join(dir, 'hosts.json'), JSON.stringify(HOSTS));
  await writeFile(
    join(dir, 'cluster.yaml'),
    'cluster:\n  name: lab\n  nodes:\n    - {n: n1, cpu: 2}\n    - {n: n2, cpu: 4}\n',
  );
  await writeFile(
    join(dir, 'postgres.conf'),
    "# settings\nmax_connections = 100   # connections\nshared_buffers='128MB' # memory\nlisten_addresses = '*'\n",
  );
  await writeFile(join(dir, 'skip-me.conf'), 'ignored = yes\n');
  await writeFile(join(dir, 'app.ini'), '[main]\nkey=value\n');
  await mkdir(join(dir, 'full'));
  await writeFile(
    join(dir, 'full', 'car.json'),
    JSON.stringify({
      reg: 'CA-1',
      config: { color: 'red' },
      changes: [
        {
          change_type: 'Repainted',
          summary: 'red now',
          severity: 'low',
          external_change_id: `chg-${randomBytes(4).toString('hex')}`,
          created_at: '2024-05-01T00:00:00Z',
          created_by: 'bob',
        },
        { summary: 'a change without a type' },
        { change_type: 'Washed', summary: 'skip me' },
      ],
      access: [{ user: 'bob', role: 'driver' }],
    }),
  );
  await writeFile(
    join(dir, 'full', 'car-log.json'),
    JSON.stringify({ reg: 'CA-1', changes: [{ change_type: 'Serviced', summary: 'oil changed' }] }),
  );
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'), 3_000);
    } else if (req.url === '/props') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('a=1\nb = two\n');
    } else {
      res.writeHead(200, { 'content-type': 'application/yaml' }).end('- {id: x1, name: one}\n- {id: x2, name: two}\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  source = new pg.Client({ connectionString: PG_URL });
  await source.connect();
  await source.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text, token text, created text)`);
  await source.query(`INSERT INTO ${table} VALUES (1, 'row-1', 'tok-1', '2023-01-02T03:04:05Z')`);
});

afterAll(async () => {
  await source?.query(`DROP TABLE IF EXISTS ${table}`);
  await source?.end();
  server?.close();
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const file = (extra: Record<string, unknown>) => ({ file: [{ type: 'X', paths: ['/nowhere'], ...extra }] });

describe('refused when the scraper is saved (400 naming the field)', () => {
  it.each([
    ['an unknown entry key', file({ bogus: 1 }), 'spec.file.0: bogus is not supported by this server'],
    [
      'a Go template calling an unknown function',
      file({ transform: { gotemplate: '{{ exec "id" }}' } }),
      'transform.gotemplate: is not a template this server runs',
    ],
    [
      'two script languages',
      file({ transform: { expr: '[]', javascript: '[]' } }),
      'transform: at most one of expr, gotemplate and javascript',
    ],
    ['transform.jsonpath', file({ transform: { jsonpath: '$.a' } }), 'jsonpath is not supported'],
    [
      'transform.changes without full mode',
      file({ transform: { changes: { exclude: ['true'] } } }),
      "spec.file.0.transform.changes: applies to full mode's changes only",
    ],
    [
      'transform.changes.mapping',
      { full: true, ...file({ transform: { changes: { mapping: [{ filter: 'true', type: 'X' }] } } }) },
      'mapping is not supported',
    ],
    ['transform.locations', file({ transform: { locations: [{ values: ['x'] }] } }), 'locations is not supported'],
    [
      'transform.aliases withParent',
      file({ transform: { aliases: [{ values: ['x'], withParent: 'T' }] } }),
      'withParent is not supported',
    ],
    [
      'transform.aliases with $( ) delimiters',
      file({ transform: { aliases: [{ values: ['$(.name)'] }] } }),
      'the $( ) delimiters are not supported',
    ],
    ['an unknown transform key', file({ transform: { bogus: 1 } }), 'transform: bogus is not supported'],
    ['properties with $( )', file({ properties: [{ name: 'p', text: '$(.name)' }] }), 'properties.0.text: the $( )'],
    ['an unknown property key', file({ properties: [{ name: 'p', bogus: 1 }] }), 'bogus is not supported'],
    ['file url', file({ url: 'git::https://example.com/repo' }), 'url is not supported'],
    ['file connection', file({ connection: 'connection://git/x' }), 'connection is not supported'],
    [
      'relationship scope',
      file({ transform: { relationship: [{ type: { value: 'T' }, scope: 'all' }] } }),
      'scope is not supported',
    ],
    [
      'a relationship without a selector',
      file({ transform: { relationship: [{ parent: true }] } }),
      'needs a selector',
    ],
    ['createFields not a JSONPath', file({ createFields: ['born'] }), 'createFields.0: must be a JSONPath'],
    ['file path, which config-db does not have', file({ path: ['*.json'] }), 'spec.file.0.path: path is not supported'],
    [
      'a timestampFormat without a date',
      file({ timestampFormat: 'yyyy-MM-dd' }),
      'timestampFormat: must be a Go layout',
    ],
    ['spec.logLevel', { logLevel: 'debug', ...file({}) }, 'spec.logLevel: logLevel is not supported'],
    ['spec.timeout past the job limit', { timeout: '2h', ...file({}) }, 'spec.timeout: must be at most 30m'],
    ['an unknown spec key', { bogus: 1, ...file({}) }, 'spec: bogus is not supported'],
    ['retention.staleItemAge', { retention: { staleItemAge: '1d' }, ...file({}) }, 'staleItemAge is not supported'],
    [
      'sql format',
      { sql: [{ connection: 'postgres://x/y', query: 'select 1', format: 'json' }] },
      'format is not supported',
    ],
    ['kubernetes id', { kubernetes: [{ clusterName: 'c', id: '$.x' }] }, 'spec.kubernetes.0: id is not supported'],
    [
      'kubernetes transform.expr',
      { kubernetes: [{ clusterName: 'c', transform: { expr: '[]' } }] },
      'expr is not supported',
    ],
    [
      'kubernetesFile without a connection',
      { kubernetesFile: [{ selector: { name: 'p' }, files: [{ path: ['/etc/x'] }] }] },
      'spec.kubernetesFile.0.connection: a kubeconfig connection (or kubeconfig.value) is required',
    ],
    [
      'http pagination',
      { http: [{ url: 'http://127.0.0.1/x', pagination: { nextPageExpr: 'null' } }] },
      'pagination is not supported',
    ],
    ['system unknown key', { system: [{ bogus: true }] }, 'spec.system.0: bogus is not supported'],
  ])('%s', async (_label, spec, message) => {
    const response = await t.call(admin, 'POST', '/api/catalog/scrapers', scrapeConfig('refused', spec));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });

  it("accepts config-db's `system: true` as one system entry", async () => {
    const response = await t.call(admin, 'POST', '/api/catalog/scrapers', scrapeConfig('sys-bool', { system: true }));
    expect(response.status).toBe(201);
  });
});

describe('file entries: fields honoured', () => {
  let scraperId: string;
  let rows: ItemRow[];
  let errors: string[];

  beforeAll(async () => {
    scraperId = await create('conformance-files', {
      file: [
        {
          type: 'Conf::Host',
          id: '@.meta.uid',
          name: '$.hostname',
          items: '$.hosts[*]',
          paths: [join(dir, 'hosts.json')],
          icon: 'server',
          properties: [
            { name: 'owner', text: 'team-{{ .labels.team }}', filter: "name == 'web-1'" },
            {
              name: 'cpu',
              value: 4,
              unit: 'cores',
              tooltip: 'cores of {{ .name }}',
              order: 1,
              headline: true,
              hidden: false,
              lastTransition: '2024-01-01T00:00:00Z',
              links: [{ url: 'https://wiki.test/{{ .name }}', label: 'wiki', tooltip: 'runbook' }],
            },
          ],
          createFields: ['$.missing', '$.born'],
          deleteFields: ['$.retired'],
          timestampFormat: '2006-01-02 15:04:05',
          labels: { zone: '$.zone', team: 'infra' },
          tags: [
            { name: 'role', jsonpath: '$.role' },
            { name: 'env', value: 'lab' },
          ],
          transform: {
            exclude: [{ jsonpath: 'meta.etag' }, { jsonpath: '$.role', types: ['Conf::Other*'] }],
            mask: [{ selector: "config_type == 'Conf::Host'", jsonpath: 'secret', value: 'md5sum' }],
            aliases: [
              { type: 'Conf::*,!Conf::Other', values: ['host/{{ .name }}', 'uid-{{ .config.secret }}/'] },
              { filter: "name == 'web-1'", values: ['first-host'] },
            ],
          },
        },
        { type: 'Conf::Cluster', id: '$.cluster.name', name: '$.cluster.name', paths: [join(dir, 'cluster.yaml')] },
        {
          type: 'Conf::Ignored',
          paths: [join(dir, 'cluster.yaml')],
          transform: {
            expr: "config.cluster.nodes.map(n, {'id': 'node-' + n.n, 'name': n.n, 'config_type': 'Conf::Node', 'cpu': n.cpu, 'cluster': config.cluster.name, 'pass': 'p-' + n.n})",
            exclude: [{ jsonpath: '$.cpu', types: ['Conf::Cluster'] }],
            mask: [{ selector: 'true', jsonpath: '$.pass', value: '***' }],
            relationship: [
              { type: { value: 'Conf::Cluster' }, id: { expr: 'config.cluster' }, parent: true },
              { expr: "[{'type': 'Conf::Host', 'name': 'web-1'}]", relation: 'runs' },
              { filter: "name == 'n2'", type: 'Conf::Host', labels: { zone: 'b' }, relation: 'zone-b' },
              { filter: "name == 'n1'", external_id: { value: 'host/web-2' }, relation: 'alias' },
            ],
          },
        },
        {
          type: 'Conf::PGProperties',
          id: 'pg-props',
          format: 'properties',
          paths: [join(dir, '*.conf')],
          ignore: ['skip-*.conf'],
        },
        { type: 'Conf::Ini', id: 'ini', format: 'ini', paths: [join(dir, 'app.ini')] },
        {
          type: 'Conf::GoNode',
          id: '$.n',
          paths: [join(dir, 'cluster.yaml')],
          transform: { gotemplate: '{{ .config.cluster.nodes | toJSON }}' },
        },
        {
          type: 'Conf::JsNode',
          paths: [join(dir, 'cluster.yaml')],
          transform: {
            javascript:
              "JSON.stringify(config.cluster.nodes.map(function (n) { return { id: 'js-' + n.n, name: n.n, double: n.cpu * 2 }; }))",
          },
        },
      ],
    });
    errors = (await t.scrape(scraperId)).errors;
    rows = await itemsOf(scraperId);
  });

  const row = (key: string) => {
    const found = rows.find((candidate) => candidate.scrape_key === key);
    if (!found) throw new Error(`no item ${key} in ${rows.map((r) => r.scrape_key).join(', ')}`);
    return found;
  };

  it('scrapes without errors', () => {
    expect(errors).toEqual([]);
  });

  it('reads id by @ or $ JSONPath, defaults class to the type, and sets the icon', () => {
    expect(row('h-1')).toMatchObject({ name: 'web-1', type: 'Conf::Host', config_class: 'Conf::Host', icon: 'server' });
  });

  it('excludes JSONPaths written without $, and only for the types named', () => {
    expect(row('h-1').config.meta).toEqual({ uid: 'h-1' });
    expect(row('h-1').config.role).toBe('web');
    expect(row('node-n1').config.cpu).toBe(2);
  });

  it('masks with md5sum or a fixed text, never storing the clear value', () => {
    expect(row('h-1').config.secret).toBe(createHash('md5').update('s3cret-1').digest('hex'));
    expect(row('node-n1').config.pass).toBe('***');
    expect(JSON.stringify(rows)).not.toContain('s3cret');
    expect(JSON.stringify(rows)).not.toContain('p-n1');
  });

  it('reads createFields and deleteFields in timestampFormat; a deleted item is stored soft-deleted', () => {
    expect(row('h-1').created_at.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(row('h-1').deleted_at).toBeNull();
    expect(row('h-2').deleted_at?.toISOString()).toBe('2024-06-01T00:00:00.000Z');
    expect(row('h-2').delete_reason).toBe('FROM_DELETE_FIELD');
  });

  it('stores transform.aliases (Go templates, by type and filter) beside the id in external_id', async () => {
    const [h1, h2] = await t.rows<{ external_id: string[] }>(
      `SELECT external_id FROM config_items WHERE scraper_id = $1 AND type = 'Conf::Host' ORDER BY scrape_key`,
      [scraperId],
    );
    expect(h1?.external_id).toEqual(['h-1', 'host/web-1', 'first-host']);
    expect(h2?.external_id).toEqual(['h-2', 'host/web-2']);
  });

  it('stores properties by filter, their text fields rendered as Go templates over the item', async () => {
    const props = await t.rows<{ scrape_key: string; properties: unknown }>(
      `SELECT scrape_key, properties FROM config_items WHERE scraper_id = $1 AND type = 'Conf::Host' ORDER BY 1`,
      [scraperId],
    );
    const cpu = (name: string) => ({
      name: 'cpu',
      value: 4,
      unit: 'cores',
      tooltip: `cores of ${name}`,
      order: 1,
      headline: true,
      hidden: false,
      lastTransition: '2024-01-01T00:00:00Z',
      links: [{ url: `https://wiki.test/${name}`, label: 'wiki', tooltip: 'runbook' }],
    });
    expect(props).toEqual([
      { scrape_key: 'h-1', properties: [{ name: 'owner', text: 'team-infra' }, cpu('web-1')] },
      { scrape_key: 'h-2', properties: [cpu('web-2')] },
    ]);
  });

  it('reads labels by JSONPath and config-db list-form tags', () => {
    expect(row('h-1').labels).toEqual({ zone: 'a', team: 'infra' });
    expect(row('h-1').tags).toEqual({ role: 'web', env: 'lab' });
  });

  it('makes each object transform.expr returns an item, with the fields it sets', () => {
    expect(row('node-n1')).toMatchObject({ name: 'n1', type: 'Conf::Node', config_class: 'Conf::Node' });
    expect(row('node-n2').config).toMatchObject({ cluster: 'lab', cpu: 4 });
    expect(rows.some((r) => r.type === 'Conf::Ignored')).toBe(false);
  });

  it('links by relationship lookups ({value}, {expr}), selector expr and labels, and parent: true', async () => {
    expect(row('node-n1').parent_id).toBe(row('lab').id);
    const links = await t.rows<{ from: string; to: string; relation: string }>(
      `SELECT f.scrape_key AS from, r.scrape_key AS to, rel.relation
         FROM config_relationships rel JOIN config_items f ON f.id = rel.config_id JOIN config_items r ON r.id = rel.related_id
        WHERE f.scraper_id = $1 ORDER BY 1, 2, 3`,
      [scraperId],
    );
    expect(links).toEqual([
      { from: 'node-n1', to: 'h-1', relation: 'runs' },
      { from: 'node-n1', to: 'h-2', relation: 'alias' },
      { from: 'node-n2', to: 'h-1', relation: 'runs' },
      { from: 'node-n2', to: 'h-2', relation: 'zone-b' },
    ]);
  });

  it('reads format: properties (comments cut as config-db does), ignores by glob, and names by the id', () => {
    expect(row('pg-props')).toMatchObject({ name: 'pg-props', type: 'Conf::PGProperties' });
    expect(row('pg-props').config).toEqual({
      max_connections: '100',
      shared_buffers: "'128MB'",
      listen_addresses: "'*'",
    });
  });

  it('runs transform.gotemplate and transform.javascript, each object an item', () => {
    expect(row('n1')).toMatchObject({ type: 'Conf::GoNode', config: { n: 'n1', cpu: 2 } });
    expect(row('js-n2')).toMatchObject({ type: 'Conf::JsNode', name: 'n2', config: { double: 8 } });
  });

  it('keeps another format as {format, content}', () => {
    expect(row('ini').config).toEqual({ format: 'ini', content: '[main]\nkey=value\n' });
  });
});

describe('full mode', () => {
  it('stores the inner config, records the changes once, and reports the access entries it drops', async () => {
    const scraperId = await create('conformance-full', {
      full: true,
      file: [
        {
          type: 'Conf::Car',
          id: '$.reg',
          paths: [join(dir, 'full', '*.json')],
          transform: { changes: { exclude: ["summary == 'skip me' && config.color == 'red'"] } },
        },
      ],
    });
    const first = await t.scrape(scraperId);
    // config-db skips a change without a type, and an access entry naming no item, with a warning: no error
    expect(first.warnings).toEqual([
      'file[0]: Conf::Car/CA-1: change missing change_type, skipped',
      'file[0]: Conf::Car/CA-1: config_access missing config reference',
    ]);
    expect(first.errors.join()).not.toMatch(/change_type|config_access/);
    const items = await itemsOf(scraperId);
    expect(items.map((item) => [item.scrape_key, item.config])).toEqual([['CA-1', { color: 'red' }]]);
    await t.scrape(scraperId);
    const changes = await t.rows<Record<string, unknown>>(
      `SELECT change_type, summary, severity, external_created_by, created_at, external_change_id IS NOT NULL AS has_id
         FROM config_changes WHERE config_id = $1 ORDER BY change_type`,
      [items[0]?.id],
    );
    expect(changes).toEqual([
      {
        change_type: 'Repainted',
        summary: 'red now',
        severity: 'low',
        external_created_by: 'bob',
        created_at: new Date('2024-05-01T00:00:00Z'),
        has_id: true,
      },
      expect.objectContaining({ change_type: 'Serviced', summary: 'oil changed', severity: 'info', has_id: false }),
    ]);
  });
});

describe('http and sql entries', () => {
  it('reads a non-JSON answer by format and runs transform.expr over the whole list answer', async () => {
    const scraperId = await create('conformance-http', {
      http: [
        { url: `${base}/props`, format: 'properties', type: 'Conf::HttpProps', id: 'props' },
        {
          url: `${base}/nodes`,
          type: 'Conf::HttpNode',
          transform: { expr: "config.map(n, {'id': n.id, 'name': n.name + '-x', 'seen': true})" },
        },
      ],
    });
    expect((await t.scrape(scraperId)).errors).toEqual([]);
    const items = await itemsOf(scraperId);
    expect(items.map((item) => [item.scrape_key, item.name, item.config])).toEqual([
      ['x1', 'one-x', { id: 'x1', name: 'one-x', seen: true }],
      ['x2', 'two-x', { id: 'x2', name: 'two-x', seen: true }],
      ['props', 'props', { a: '1', b: 'two' }],
    ]);
  });

  it('ends a run past spec.timeout, naming it, and saves nothing', async () => {
    const scraperId = await create('conformance-timeout', {
      timeout: '1s',
      http: [{ url: `${base}/slow`, type: 'Conf::Slow' }],
    });
    const started = Date.now();
    await expect(t.scrape(scraperId)).rejects.toThrow('the scrape took longer than its timeout 1s');
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await itemsOf(scraperId)).toEqual([]);
  });

  it('reads rows with createFields and masks a column on PostgreSQL', async () => {
    const connection = await storeConnection(t, {
      name: 'conformance-pg',
      type: 'postgres',
      url: PG_URL,
      username: 'root',
      password: 'trusted',
    });
    const scraperId = await create('conformance-sql', {
      sql: [
        {
          connection,
          query: `SELECT id, name, token, created FROM ${table}`,
          type: 'Conf::Row',
          id: '$.id',
          createFields: ['$.created'],
          transform: { mask: [{ selector: 'true', jsonpath: 'token', value: 'md5sum' }] },
        },
      ],
    });
    expect((await t.scrape(scraperId)).errors).toEqual([]);
    const [item] = await itemsOf(scraperId);
    expect(item).toMatchObject({ scrape_key: '1', name: '1', config_class: 'Conf::Row' });
    expect(item?.config.token).toBe(createHash('md5').update('tok-1').digest('hex'));
    expect(item?.created_at.toISOString()).toBe('2023-01-02T03:04:05.000Z');
  });
});
