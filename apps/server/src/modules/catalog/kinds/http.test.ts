import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp, scrapeConfig } from '../testing/catalog-test-app.js';
import { storeConnection } from '../testing/stored-connection.js';

let t: CatalogTestApp;
let admin: string;
let server: Server;
let base: string;
let version = '1.0.0';
const seenAuth: string[] = [];

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  server = createServer((req, res) => {
    if (req.url === '/tasks') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([1, 2, 3, 4].map((n) => ({ id: n * 7, title: `task ${n}`, done: n % 2 === 0 }))));
      return;
    }
    seenAuth.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== `Basic ${Buffer.from('svc:s3cret').toString('base64')}`) {
      res.writeHead(401).end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        services: [
          { id: 'svc-1', name: 'billing', version, owner: 'payments' },
          { id: 'svc-2', name: 'search', version: '2.4.1', owner: 'discovery' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('http scraper', () => {
  it('scrapes a JSON API with a stored connection’s credentials and records a change', async () => {
    const connection = await storeConnection(t, {
      name: 'catalog-api',
      type: 'http',
      url: base,
      username: 'svc',
      password: 's3cret',
    });
    const created = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('services', {
        http: [
          { url: `${base}/services`, connection, items: '$.services[*]', type: 'Service', id: '$.id', name: '$.name' },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    const first = await t.scrape(id);
    expect(first.errors).toEqual([]);
    expect(first.counts).toMatchObject({ created: 2 });
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('svc:s3cret').toString('base64')}`);
    version = '1.1.0';
    const second = await t.scrape(id);
    expect(second.counts).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    const [change] = await t.rows<{ patches: unknown; summary: string }>(
      `SELECT c.patches, c.summary FROM config_changes c JOIN config_items i ON i.id = c.config_id WHERE i.scraper_id = $1`,
      [id],
    );
    expect(change).toEqual({
      patches: [{ op: 'replace', path: '/version', value: '1.1.0' }],
      summary: 'version changed',
    });
  });

  it('runs a transform script over the whole list answer, as config-db does, each object it returns an item', async () => {
    const created = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('tasks', {
        http: [
          {
            url: `${base}/tasks`,
            type: 'Tracker::Task',
            id: '$.id',
            name: '$.title',
            transform: { expr: 'dyn(config).filter(t, t.id <= 21).map(t, {"id": t.id, "title": t.title}).toJSON()' },
          },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    const outcome = await t.scrape(id);
    expect(outcome.errors).toEqual([]);
    const rows = await t.rows<{ external_id: string; name: string; type: string }>(
      `SELECT external_id[1] AS external_id, name, type FROM config_items WHERE scraper_id = $1 ORDER BY name`,
      [id],
    );
    expect(rows).toEqual([
      { external_id: '7', name: 'task 1', type: 'Tracker::Task' },
      { external_id: '14', name: 'task 2', type: 'Tracker::Task' },
      { external_id: '21', name: 'task 3', type: 'Tracker::Task' },
    ]);
  });

  it('reports a refused answer as an error of the run', async () => {
    const created = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('no-auth', { http: [{ url: `${base}/services` }] }),
    );
    const outcome = await t.scrape((await created.json()).id);
    expect(outcome.errors).toEqual([`http[0]: ${base}/services answered HTTP 401`]);
  });

  it('refuses a URL that is not http(s) (400)', async () => {
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('ftp', { http: [{ url: 'ftp://example.com/x' }] }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('must be an http:// or https:// URL');
  });
});
