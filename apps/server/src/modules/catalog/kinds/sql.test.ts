import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp, scrapeConfig } from '../testing/catalog-test-app.js';
import { storeConnection } from '../testing/stored-connection.js';

const PG_URL = process.env.MC_SCRAPE_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const MARIA = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };
const MARIA_USER = 'mc_catalog_scrape';
const MARIA_PASSWORD = randomBytes(8).toString('hex');
const table = `catalog_scrape_hosts_${randomBytes(4).toString('hex')}`;

let t: CatalogTestApp;
let admin: string;
let source: pg.Client;
let maria: mysql.Connection;

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  source = new pg.Client({ connectionString: PG_URL });
  await source.connect();
  await source.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text, os text, cores int)`);
  await source.query(`INSERT INTO ${table} VALUES (1, 'web-1', 'debian-12', 4), (2, 'web-2', 'debian-12', 8)`);
  maria = await mysql.createConnection(MARIA);
  await maria.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name varchar(64), os varchar(64), cores int)`);
  await maria.query(`INSERT INTO ${table} VALUES (1, 'db-1', 'rocky-9', 16), (2, 'db-2', 'rocky-9', 16)`);
  // A reader with a password, as a stored connection holds one (root has none on the local server).
  await maria.query(`CREATE USER IF NOT EXISTS '${MARIA_USER}'@'%' IDENTIFIED BY '${MARIA_PASSWORD}'`);
  await maria.query(`ALTER USER '${MARIA_USER}'@'%' IDENTIFIED BY '${MARIA_PASSWORD}'`);
  await maria.query(`GRANT SELECT ON test.* TO '${MARIA_USER}'@'%'`);
});
afterAll(async () => {
  await source?.query(`DROP TABLE IF EXISTS ${table}`);
  await source?.end();
  await maria?.query(`DROP TABLE IF EXISTS ${table}`);
  await maria?.end();
  await t.close();
});

async function createScraper(name: string, connection: string): Promise<string> {
  const response = await t.call(
    admin,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig(name, {
      sql: [
        {
          connection,
          query: `SELECT id, name, os, cores FROM ${table} ORDER BY id`,
          type: 'SQL::Host',
          id: '$.id',
          name: '$.name',
        },
      ],
    }),
  );
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

const itemsOf = (scraperId: string) =>
  t.rows<{ name: string; config: Record<string, unknown>; deleted_at: Date | null }>(
    'SELECT name, config, deleted_at FROM config_items WHERE scraper_id = $1 ORDER BY name',
    [scraperId],
  );
const changesOf = (scraperId: string) =>
  t.rows<{ name: string; patches: unknown; diff: string; count: number }>(
    `SELECT i.name, c.patches, c.diff, c.count FROM config_changes c JOIN config_items i ON i.id = c.config_id
      WHERE i.scraper_id = $1 AND c.change_type = 'diff'`,
    [scraperId],
  );

describe.each([
  [
    'PostgreSQL',
    // The local server trusts 127.0.0.1, so the stored password is not checked.
    () =>
      storeConnection(t, {
        name: 'inventory-pg',
        type: 'postgres',
        url: PG_URL,
        username: 'root',
        password: 'trusted',
      }),
    (sql: string) => source.query(sql),
  ],
  [
    'MariaDB',
    () =>
      storeConnection(t, {
        name: 'inventory-maria',
        type: 'mysql',
        url: 'mysql://127.0.0.1:3306/test',
        username: MARIA_USER,
        password: MARIA_PASSWORD,
      }),
    (sql: string) => maria.query(sql),
  ],
])('sql scraper on %s', (engine, connect, run) => {
  let scraperId: string;
  it('makes each row an item, through a stored connection', async () => {
    scraperId = await createScraper(`hosts-${engine.toLowerCase()}`, await connect());
    const outcome = await t.scrape(scraperId);
    expect(outcome.errors).toEqual([]);
    expect(outcome.counts).toMatchObject({ created: 2, errors: 0 });
    const items = await itemsOf(scraperId);
    expect(items.map((item) => item.name)).toHaveLength(2);
    expect(items[0]?.config).toMatchObject({ id: 1, cores: expect.any(Number) });
  });

  it('records one change with its diff when a row changes, and soft-deletes a removed row', async () => {
    await run(`UPDATE ${table} SET cores = 32 WHERE id = 1`);
    const changed = await t.scrape(scraperId);
    expect(changed.counts).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    const changes = await changesOf(scraperId);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.patches).toEqual([{ op: 'replace', path: '/cores', value: 32 }]);
    expect(changes[0]?.diff).toMatch(/-\s+"cores": \d+,\n\+\s+"cores": 32,/);
    await run(`DELETE FROM ${table} WHERE id = 2`);
    const removed = await t.scrape(scraperId);
    expect(removed.counts).toMatchObject({ deleted: 1, unchanged: 1 });
    expect((await itemsOf(scraperId)).filter((item) => item.deleted_at !== null)).toHaveLength(1);
  });
});

describe('sql scraper items', () => {
  it('splits each row by items, config-db’s form without $ reaching a JSON column', async () => {
    const connection = await storeConnection(t, {
      name: 'inventory-pg-items',
      type: 'postgres',
      url: PG_URL,
      username: 'root',
      password: 'trusted',
    });
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('hosts-items', {
        sql: [
          {
            connection,
            query: `SELECT json_build_object('hosts', json_agg(json_build_object('host', name, 'os', os))) AS inventory
              FROM ${table}`,
            items: '.inventory.hosts',
            type: 'SQL::Inventory',
            id: '$[0].host',
          },
          {
            connection,
            query: `SELECT json_agg(json_build_object('host', name, 'cores', cores)) AS hosts FROM ${table}`,
            items: '$.hosts[*]',
            type: 'SQL::Host',
            id: '$.host',
          },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const id = (await response.json()).id;
    const outcome = await t.scrape(id);
    expect(outcome.errors).toEqual([]);
    const rows = await t.rows<{ type: string; name: string; config: unknown }>(
      'SELECT type, name, config FROM config_items WHERE scraper_id = $1 AND deleted_at IS NULL ORDER BY type, name',
      [id],
    );
    expect(rows.map(({ type, name }) => `${type}/${name}`)).toEqual(['SQL::Host/web-1', 'SQL::Inventory/web-1']);
    expect(rows[0]?.config).toEqual({ host: 'web-1', cores: 32 });
    expect(rows[1]?.config).toEqual([{ host: 'web-1', os: 'debian-12' }]);
  });
});

describe('sql scraper errors', () => {
  it('reports a missing connection as the run’s error and deletes nothing', async () => {
    const id = await createScraper('hosts-missing', 'connection://postgres/nope');
    const outcome = await t.scrape(id);
    expect(outcome.counts).toMatchObject({ created: 0, errors: 1 });
    expect(outcome.errors[0]).toContain('sql[0]: Connection connection://postgres/nope not found');
  });

  it('refuses an entry without a query (400)', async () => {
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('no-query', { sql: [{ connection: 'connection://postgres/x' }] }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('spec.sql.0.query');
  });
});
