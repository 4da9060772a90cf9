import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowScraperFiles,
  type CatalogTestApp,
  createCatalogTestApp,
  scrapeConfig,
} from '../testing/catalog-test-app.js';
import { storeConnection } from '../testing/stored-connection.js';

/**
 * config-db's base fields on each document-reading kind (file, sql, http) in one scrape: `description`
 * and `class` read from the document, list-form `tags` taking a `label`, and relationship lookups
 * reading the item's labels (`id.label`, `external_id.label`, `name.label`, `namespace.label`,
 * `type.label`) or naming a literal `external_id`; `driver` on sql; `spec.retention.changes[].age`.
 */

const PG_URL = process.env.MC_SCRAPE_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

let t: CatalogTestApp;
let admin: string;
let dir: string;
let server: Server;
let base: string;
let scraperId: string;

interface ItemRow {
  id: string;
  scrape_key: string;
  description: string | null;
  config_class: string;
  tags: Record<string, string> | null;
}

/** The same config-db base fields on every kind's entry: the document names its database by labels. */
const baseFields = (type: string) => ({
  type,
  id: '$.id',
  description: '$.summary',
  class: '$.kind',
  labels: { team: '$.team', dbid: '$.db', dbname: '$.dbname', dbtype: '$.dbtype', dbns: '$.dbns' },
  tags: [{ name: 'owner', label: 'team' }],
  transform: {
    relationship: [
      {
        id: { label: 'dbid' },
        external_id: { label: 'dbid' },
        name: { label: 'dbname' },
        namespace: { label: 'dbns' },
        type: { label: 'dbtype' },
        relation: 'uses',
      },
      { external_id: 'db-1', relation: 'pinned' },
    ],
  },
});

/** A document naming database db-1 (type Fields::Db, name orders, namespace prod). */
const app = (id: string) => ({
  id,
  kind: 'Service',
  summary: `the ${id} service`,
  team: 'payments',
  db: 'db-1',
  dbname: 'orders',
  dbtype: 'Fields::Db',
  dbns: 'prod',
});

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  dir = await mkdtemp(join(tmpdir(), 'mc-conformance-fields-'));
  await allowScraperFiles(t.database, dir);
  await writeFile(join(dir, 'app.json'), JSON.stringify(app('file-app')));
  await writeFile(join(dir, 'db.json'), JSON.stringify({ id: 'db-1', name: 'orders', kind: 'Database' }));
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(app('http-app')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  const connection = await storeConnection(t, {
    name: 'fields-pg',
    type: 'postgres',
    url: PG_URL,
    username: 'root',
    password: 'trusted',
  });
  const response = await t.call(
    admin,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig('conformance-fields', {
      retention: { changes: [{ name: 'Noted', age: '1h' }] },
      file: [
        { ...baseFields('Fields::App'), paths: [join(dir, 'app.json')] },
        {
          type: 'Fields::Db',
          id: '$.id',
          name: '$.name',
          tags: [{ name: 'namespace', value: 'prod' }],
          paths: [join(dir, 'db.json')],
        },
      ],
      sql: [
        {
          ...baseFields('Fields::App'),
          connection,
          driver: 'postgres',
          query: `SELECT 'sql-app' AS id, 'Service' AS kind, 'the sql-app service' AS summary, 'payments' AS team,
            'db-1' AS db, 'orders' AS dbname, 'Fields::Db' AS dbtype, 'prod' AS dbns`,
        },
      ],
      http: [{ ...baseFields('Fields::App'), url: `${base}/app` }],
    }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  scraperId = (await response.json()).id;
  expect((await t.scrape(scraperId)).errors).toEqual([]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const items = () =>
  t.rows<ItemRow>(
    `SELECT id, scrape_key, description, config_class, tags FROM config_items
      WHERE scraper_id = $1 AND type = 'Fields::App' ORDER BY scrape_key`,
    [scraperId],
  );

describe.each(['file', 'sql', 'http'])('config-db base fields on a %s entry', (kind) => {
  it('reads description and class from the document, and a tag from a label', async () => {
    const row = (await items()).find((item) => item.scrape_key === `${kind}-app`);
    expect(row).toMatchObject({ description: `the ${kind}-app service`, config_class: 'Service' });
    expect(row?.tags).toMatchObject({ owner: 'payments' });
  });

  it('relates by id, external_id, name, namespace and type lookups reading labels, and by a literal external_id', async () => {
    const links = await t.rows<{ to: string; relation: string }>(
      `SELECT r.scrape_key AS to, rel.relation
         FROM config_relationships rel JOIN config_items f ON f.id = rel.config_id JOIN config_items r ON r.id = rel.related_id
        WHERE f.scraper_id = $1 AND f.scrape_key = $2 ORDER BY 2`,
      [scraperId, `${kind}-app`],
    );
    expect(links).toEqual([
      { to: 'db-1', relation: 'pinned' },
      { to: 'db-1', relation: 'uses' },
    ]);
  });
});

describe('spec.retention.changes[].age', () => {
  it("deletes a scraper's changes of that name older than the age at its next scrape, and keeps newer ones", async () => {
    const [row] = await items();
    await t.rows(
      `INSERT INTO config_changes (config_id, change_type, summary, created_at)
       VALUES ($1, 'Noted', 'old', now() - interval '2 hours'), ($1, 'Noted', 'recent', now() - interval '10 minutes'),
              ($1, 'Other', 'old but another name', now() - interval '2 hours')`,
      [row?.id],
    );
    expect((await t.scrape(scraperId)).errors).toEqual([]);
    const left = await t.rows<{ summary: string }>(
      `SELECT summary FROM config_changes WHERE config_id = $1 AND change_type IN ('Noted', 'Other') ORDER BY summary`,
      [row?.id],
    );
    expect(left.map((change) => change.summary)).toEqual(['old but another name', 'recent']);
  });
});
