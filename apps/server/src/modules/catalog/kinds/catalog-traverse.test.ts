import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowScraperFiles,
  type CatalogTestApp,
  createCatalogTestApp,
  scrapeConfig,
} from '../testing/catalog-test-app.js';
import { TraverseError, transformExpressions, traverseCatalog, withCatalogTraversal } from './catalog-traverse.js';
import { celSchema, transformExprSchema } from './transform-schema.js';

let t: CatalogTestApp;
let admin: string;
let root: string;
// duty's own traversal test, as a catalog: a Kustomization bootstraps another, which installs a HelmRelease,
// which owns a Deployment; a Pod is the Deployment's child by the parent tree
const ids = {
  deployment: randomUUID(),
  helm: randomUUID(),
  kustomize: randomUUID(),
  bootstrap: randomUUID(),
  pod: randomUUID(),
};

async function item(id: string, type: string, name: string, parent?: string) {
  await t.database.pool.query(
    `INSERT INTO config_items (id, type, name, config_class, config, parent_id, path)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, type, name, type.split('::')[1], JSON.stringify({ name }), parent ?? null, parent ?? null],
  );
}

async function saveScraper(person: string, name: string, spec: Record<string, unknown>): Promise<string> {
  const response = await t.call(person, 'POST', '/api/catalog/scrapers', scrapeConfig(name, spec));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).id;
}

const probe = (person: string, name: string) =>
  saveScraper(person, name, { file: [{ type: 'Test::Probe', id: '$.id', paths: [`${root}/none/*.json`] }] });

/** The names catalog.traverse answers, in order, run as the scraper's saver. */
async function names(scraperId: string, from: string, path: string, direction?: string) {
  const found = await withCatalogTraversal({ database: t.database, scraper: { id: scraperId } }, () =>
    traverseCatalog(from, path, direction),
  );
  return found.map((found) => found.name);
}

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  root = await mkdtemp(join(tmpdir(), 'mc-traverse-'));
  await allowScraperFiles(t.database, root);
  await item(ids.deployment, 'Kubernetes::Deployment', 'canary-checker');
  await item(ids.helm, 'Kubernetes::HelmRelease', 'mission-control');
  await item(ids.kustomize, 'Kubernetes::Kustomization', 'aws-demo-infra');
  await item(ids.bootstrap, 'Kubernetes::Kustomization', 'aws-demo-bootstrap');
  await item(ids.pod, 'Kubernetes::Pod', 'canary-checker-7f9', ids.deployment);
  await t.database.pool.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES
       ($1, $2, 'HelmReleaseDeployment'), ($3, $1, 'KustomizationHelmRelease'), ($4, $3, 'KustomizationKustomization')`,
    [ids.helm, ids.deployment, ids.kustomize, ids.bootstrap],
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await t.close();
});

describe('catalog.traverse', () => {
  it("walks as config-db's does: by type, step by step, incoming by default, within 5 levels", async () => {
    const scraper = await probe(admin, 'traverse-admin');
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease')).toEqual(['mission-control']);
    expect(await names(scraper, ids.helm, 'Kubernetes::Kustomization', 'incoming')).toEqual([
      'aws-demo-infra',
      'aws-demo-bootstrap',
    ]);
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease/Kubernetes::Kustomization')).toEqual([
      'aws-demo-infra',
      'aws-demo-bootstrap',
    ]);
    // an explicit path: the Kustomization a Kustomization above the Deployment leads to, not the first one
    expect(await names(scraper, ids.deployment, 'Kubernetes::Kustomization/Kubernetes::Kustomization')).toEqual([
      'aws-demo-bootstrap',
    ]);
    expect(await names(scraper, ids.deployment, 'Kubernetes::Node')).toEqual([]);
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease/Kubernetes::Node')).toEqual([]);
    expect(await names(scraper, ids.kustomize, 'Kubernetes::Deployment', 'outgoing')).toEqual(['canary-checker']);
    expect(await names(scraper, ids.helm, 'Kubernetes::Deployment', 'all')).toEqual(['canary-checker']);
    // the parent tree counts in every direction, as duty's related_configs_recursive has it
    expect(await names(scraper, ids.pod, 'Kubernetes::Deployment', 'outgoing')).toEqual(['canary-checker']);
    // the item itself is never in the answer
    expect(await names(scraper, ids.bootstrap, 'Kubernetes::Kustomization', 'outgoing')).toEqual(['aws-demo-infra']);
  });

  it("answers config-db's ConfigItem fields, an empty list for an id that is no UUID, and errors plainly", async () => {
    const scraper = await probe(admin, 'traverse-fields');
    const [found] = await withCatalogTraversal({ database: t.database, scraper: { id: scraper } }, () =>
      traverseCatalog(ids.deployment, 'Kubernetes::HelmRelease'),
    );
    expect(found).toMatchObject({
      id: ids.helm,
      name: 'mission-control',
      type: 'Kubernetes::HelmRelease',
      config_class: 'HelmRelease',
      ready: false,
    });
    expect(JSON.parse(String(found?.config))).toEqual({ name: 'mission-control' });
    expect(typeof found?.created_at).toBe('string');
    expect(await names(scraper, 'not-a-uuid', 'Kubernetes::HelmRelease')).toEqual([]);
    await expect(names(scraper, ids.deployment, 'Kubernetes::HelmRelease', 'sideways')).rejects.toThrow(
      'catalog.traverse: direction must be incoming, outgoing or all, not sideways',
    );
    // outside a scrape of this server (an agent's, or no scrape at all) there is no catalog to read
    await expect(traverseCatalog(ids.deployment, 'Kubernetes::HelmRelease')).rejects.toBeInstanceOf(TraverseError);
  });

  it("reads the catalog as the scraper's saver may: an item denied to them is neither answered nor walked from", async () => {
    const editor = await t.person(['editor']);
    const scraper = await probe(editor, 'traverse-editor');
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease/Kubernetes::Kustomization')).toHaveLength(2);
    await t.database.pool.query(
      "INSERT INTO permissions (action, config_id, person_id, deny) VALUES ('read', $1, $2, true)",
      [ids.helm, editor],
    );
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease')).toEqual([]);
    expect(await names(scraper, ids.deployment, 'Kubernetes::HelmRelease/Kubernetes::Kustomization')).toEqual([]);
    // the Kustomizations themselves are not denied: reached directly, they are answered
    expect(await names(scraper, ids.deployment, 'Kubernetes::Kustomization')).toHaveLength(2);
  });

  it('is accepted in transform.expr at save and runs in the scrape; other CEL fields still refuse it by name', async () => {
    const expr =
      'config.filter(i, len(catalog.traverse(i.app_id, "Kubernetes::HelmRelease")) > 0)' +
      '.map(i, {"id": i.name, "name": i.name, "config_type": "Test::App",' +
      ' "release": catalog.traverse(i.app_id, "Kubernetes::HelmRelease")[0].name})';
    expect(transformExprSchema.safeParse(expr).success).toBe(true);
    expect(transformExpressions.error(expr)).toBeNull();
    expect(celSchema.safeParse(expr).error?.issues[0]?.message).toMatch(
      /^catalog\.traverse is available only in a scraper's transform\.expr/,
    );
    await writeFile(
      join(root, 'apps.json'),
      JSON.stringify([
        { app_id: ids.deployment, name: 'checker' },
        { app_id: ids.pod, name: 'pod-only' },
        { app_id: 'external-42', name: 'unknown' },
      ]),
    );
    const scraper = await saveScraper(admin, 'traverse-scrape', {
      file: [{ type: 'Test::App', id: '$.id', name: '$.name', paths: [`${root}/apps.json`], transform: { expr } }],
    });
    const outcome = await t.scrape(scraper);
    expect(outcome.errors).toEqual([]);
    const rows = await t.rows<{ name: string; release: string }>(
      "SELECT name, config->>'release' AS release FROM config_items WHERE scraper_id = $1 ORDER BY name",
      [scraper],
    );
    // the Pod reaches the HelmRelease through its parent Deployment: this server's graph walks the parent tree
    // like a hard relationship (docs/catalog.md), where duty's adds the item's own ancestors only
    expect(rows).toEqual([
      { name: 'checker', release: 'mission-control' },
      { name: 'pod-only', release: 'mission-control' },
    ]);
  });
});
