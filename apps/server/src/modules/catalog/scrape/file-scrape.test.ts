import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowScraperFiles,
  type CatalogTestApp,
  createCatalogTestApp,
  scrapeConfig,
} from '../testing/catalog-test-app.js';

let t: CatalogTestApp;
let admin: string;
let dir: string;
let scraperId: string;

const deployment = (name: string, replicas: number, image = 'nginx:1.27') =>
  `kind: Deployment\nmetadata:\n  name: ${name}\n  uid: uid-${name}\nspec:\n  replicas: ${replicas}\n  image: ${image}\n`;

interface ItemRow {
  id: string;
  name: string;
  type: string;
  deleted_at: Date | null;
  delete_reason: string | null;
  parent_id: string | null;
  path: string | null;
}
interface ChangeRow {
  change_type: string;
  diff: string;
  patches: unknown;
  count: number;
  summary: string;
  source: string;
  severity: string;
  first_observed: Date;
  last_observed: Date;
}

const items = () =>
  t.rows<ItemRow>(
    'SELECT id, name, type, deleted_at, delete_reason, parent_id, path FROM config_items WHERE scraper_id = $1 ORDER BY name',
    [scraperId],
  );
const changesOf = (name: string) =>
  t.rows<ChangeRow>(
    `SELECT c.change_type, c.diff, c.patches, c.count, c.summary, c.source, c.severity, c.first_observed, c.last_observed
       FROM config_changes c JOIN config_items i ON i.id = c.config_id
      WHERE i.scraper_id = $1 AND i.name = $2 ORDER BY c.created_at`,
    [scraperId, name],
  );

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  dir = await mkdtemp(join(tmpdir(), 'mc-file-scrape-'));
  await allowScraperFiles(t.database, dir);
  await writeFile(join(dir, 'web.yaml'), `${deployment('web', 1)}---\n${deployment('api', 2)}`);
  await writeFile(
    join(dir, 'cluster.json'),
    JSON.stringify({
      cluster: {
        id: 'c-1',
        name: 'prod',
        nodes: [
          { id: 'n-1', zone: 'a' },
          { id: 'n-2', zone: 'b' },
        ],
      },
    }),
  );
  const response = await t.call(
    admin,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig('files', {
      file: [
        {
          type: 'Test::Deployment',
          id: '$.metadata.uid',
          name: '$.metadata.name',
          paths: [join(dir, '*.yaml')],
          parent: { type: 'Test::Cluster', id: 'c-1' },
          analysis: [
            {
              analyzer: 'single-replica',
              analysis_type: 'availability',
              severity: 'high',
              when: 'config.spec.replicas < 2',
              messageExpr: "name + ' runs one replica'",
            },
          ],
        },
        { type: 'Test::Cluster', id: '$.cluster.id', name: '$.cluster.name', paths: [join(dir, 'cluster.json')] },
        {
          type: 'Test::Node',
          items: '$.cluster.nodes[*]',
          id: '$.id',
          name: { expr: "'node-' + config.zone" },
          paths: [join(dir, '*.json')],
          transform: { relationship: [{ type: 'Test::Cluster', id: 'c-1', relation: 'ClusterNode' }] },
        },
      ],
    }),
  );
  expect(response.status).toBe(201);
  scraperId = (await response.json()).id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('file scraper', () => {
  it('creates items from YAML (multi-document) and JSON, with JSONPath and CEL fields', async () => {
    const outcome = await t.scrape(scraperId);
    expect(outcome.errors).toEqual([]);
    expect(outcome.counts).toMatchObject({ created: 5, updated: 0, unchanged: 0, deleted: 0, errors: 0 });
    const rows = await items();
    expect(rows.map((row) => [row.type, row.name])).toEqual([
      ['Test::Deployment', 'api'],
      ['Test::Node', 'node-a'],
      ['Test::Node', 'node-b'],
      ['Test::Cluster', 'prod'],
      ['Test::Deployment', 'web'],
    ]);
    const cluster = rows.find((row) => row.name === 'prod');
    const web = rows.find((row) => row.name === 'web');
    expect(web).toMatchObject({ parent_id: cluster?.id, path: cluster?.id });
    const rels = await t.rows<{ relation: string }>(
      'SELECT relation FROM config_relationships WHERE scraper_id = $1 AND deleted_at IS NULL',
      [scraperId],
    );
    expect(rels).toEqual([{ relation: 'ClusterNode' }, { relation: 'ClusterNode' }]);
  });

  it('writes nothing for an unchanged scrape', async () => {
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts).toMatchObject({ created: 0, updated: 0, unchanged: 5, deleted: 0, changes: 0 });
    expect(await changesOf('web')).toEqual([]);
  });

  it('records exactly one change with the diff and patch when the source changes', async () => {
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 3)}---\n${deployment('api', 2)}`);
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts).toMatchObject({ updated: 1, unchanged: 4, changes: 1 });
    const changes = await changesOf('web');
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      change_type: 'diff',
      severity: 'info',
      source: 'file',
      count: 1,
      summary: 'spec.replicas changed',
    });
    expect(change?.patches).toEqual([{ op: 'replace', path: '/spec/replicas', value: 3 }]);
    expect(change?.diff).toContain('-    "replicas": 1\n+    "replicas": 3');
    expect(await changesOf('api')).toEqual([]);
  });

  it('counts a repeated change on its row instead of adding one', async () => {
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 1)}---\n${deployment('api', 2)}`);
    await t.scrape(scraperId);
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 3)}---\n${deployment('api', 2)}`);
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts).toMatchObject({ updated: 1, changes: 0, changes_counted: 1 });
    const changes = await changesOf('web');
    expect(changes.map((c) => [c.summary, c.count])).toEqual([
      ['spec.replicas changed', 2],
      ['spec.replicas changed', 1],
    ]);
    const counted = changes[0];
    expect(counted?.last_observed.getTime()).toBeGreaterThan(counted?.first_observed.getTime() ?? 0);
  });

  it('opens an insight while its rule fires and closes it when it stops', async () => {
    const insight = () =>
      t.rows<{ analyzer: string; status: string; message: string; severity: string; analysis_type: string }>(
        `SELECT a.analyzer, a.status, a.message, a.severity, a.analysis_type FROM config_analysis a
           JOIN config_items i ON i.id = a.config_id WHERE i.name = 'web' AND i.scraper_id = $1`,
        [scraperId],
      );
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 1)}---\n${deployment('api', 2)}`);
    await t.scrape(scraperId);
    expect(await insight()).toEqual([
      {
        analyzer: 'single-replica',
        status: 'open',
        message: 'web runs one replica',
        severity: 'high',
        analysis_type: 'availability',
      },
    ]);
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 3)}---\n${deployment('api', 2)}`);
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts.insights_closed).toBe(1);
    expect((await insight())[0]?.status).toBe('resolved');
  });

  it('soft-deletes an item gone from the source with a reason, and revives it when it returns', async () => {
    await writeFile(join(dir, 'web.yaml'), deployment('web', 3));
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts).toMatchObject({ deleted: 1 });
    const api = (await items()).find((row) => row.name === 'api');
    expect(api?.deleted_at).not.toBeNull();
    expect(api?.delete_reason).toBe('Not found in the latest scrape');
    expect((await changesOf('api')).map((c) => c.change_type)).toEqual(['Deleted']);
    await writeFile(join(dir, 'web.yaml'), `${deployment('web', 3)}---\n${deployment('api', 2)}`);
    await t.scrape(scraperId);
    expect((await items()).find((row) => row.name === 'api')?.deleted_at).toBeNull();
  });

  it('keeps items when a source breaks, and reports the broken file', async () => {
    await writeFile(join(dir, 'broken.yaml'), 'a: [');
    const outcome = await t.scrape(scraperId);
    expect(outcome.counts.deleted).toBe(0);
    expect(outcome.errors.join('\n')).toContain('broken.yaml');
    await unlink(join(dir, 'broken.yaml'));
  });

  it('stores an odd document (NUL, deep, binary-looking) without failing the scrape', async () => {
    await writeFile(
      join(dir, 'odd.yaml'),
      `kind: Deployment\nmetadata:\n  name: odd\n  uid: uid-odd\nspec:\n  blob: "\\0\\x01\\xff"\n`,
    );
    const outcome = await t.scrape(scraperId);
    // The document has no replicas: the rule's failure is reported and does not stop the scrape.
    expect(outcome.errors).toEqual([
      'analysis single-replica on Test::Deployment/odd: expression failed: No such key: replicas',
    ]);
    expect(outcome.counts).toMatchObject({ created: 1, errors: 1 });
    expect((await items()).some((row) => row.name === 'odd')).toBe(true);
    await unlink(join(dir, 'odd.yaml'));
  });
});
