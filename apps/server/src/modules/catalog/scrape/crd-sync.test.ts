import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

let t: CatalogTestApp;
let admin: string;
let root: string;

/** A mission-control Playbook resource, as a team keeps it in git. */
const playbookYaml = (name: string, options: { category?: string; action?: string } = {}) =>
  [
    '---',
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: Playbook',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  category: ${options.category ?? 'Greeting'}`,
    '  description: Says hello',
    '  parameters:',
    '    - name: who',
    '      label: Who',
    '  actions:',
    options.action ?? '    - name: hello\n      exec:\n        script: echo "hello {{.params.who}}"',
    '',
  ].join('\n');

interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  source: string;
  category: string;
  saved_by: string | null;
  deleted_at: Date | null;
}

const playbook = async (name: string) =>
  (
    await t.rows<PlaybookRow>(
      'SELECT id, name, namespace, source, category, saved_by, deleted_at FROM playbooks WHERE name = $1 ORDER BY created_at DESC',
      [name],
    )
  )[0];

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  return dir;
}

async function saveSyncer(person: string, name: string, dir: string): Promise<string> {
  const response = await t.call(
    person,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig(name, {
      crdSync: true,
      file: [
        { type: 'MissionControl::Playbook', id: '$.metadata.name', name: '$.metadata.name', paths: [`${dir}/*.yaml`] },
      ],
    }),
  );
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  root = await mkdtemp(join(tmpdir(), 'mc-crd-sync-'));
  await allowScraperFiles(t.database, root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await t.close();
});

describe('crdSync', () => {
  it('makes each scraped Playbook a read-only playbook of the item, updates it, and deletes it when the item goes', async () => {
    const dir = await folder('synced', { 'greet.yaml': playbookYaml('greet-crd') });
    const scraperId = await saveSyncer(admin, 'playbook-syncer', dir);
    const first = await t.scrape(scraperId);
    expect(first.errors).toEqual([]);
    const [item] = await t.rows<{ id: string }>('SELECT id FROM config_items WHERE scraper_id = $1', [scraperId]);
    expect(await playbook('greet-crd')).toMatchObject({
      id: item?.id,
      namespace: 'default',
      source: 'CRDSync',
      category: 'Greeting',
      saved_by: admin,
      deleted_at: null,
    });

    const patch = await t.call(admin, 'PATCH', `/api/db/playbooks?id=eq.${item?.id}`, { category: 'Other' });
    expect(patch.status).toBe(403);
    expect(await patch.text()).toContain('a scraper with crdSync');

    await writeFile(join(dir, 'greet.yaml'), playbookYaml('greet-crd', { category: 'Welcome' }));
    expect((await t.scrape(scraperId)).errors).toEqual([]);
    expect(await playbook('greet-crd')).toMatchObject({ id: item?.id, category: 'Welcome', deleted_at: null });

    await rm(join(dir, 'greet.yaml'));
    await writeFile(join(dir, 'other.yaml'), playbookYaml('other-crd'));
    expect((await t.scrape(scraperId)).errors).toEqual([]);
    expect((await playbook('greet-crd'))?.deleted_at).not.toBeNull();
    expect((await playbook('other-crd'))?.deleted_at).toBeNull();

    expect((await t.call(admin, 'DELETE', `/api/catalog/scrapers/${scraperId}`)).status).toBe(204);
    expect((await playbook('other-crd'))?.deleted_at).not.toBeNull();
  });

  it('validates each playbook as the API does: an invalid one is an error of the scrape naming it, nothing stored', async () => {
    const dir = await folder('invalid', {
      'bad.yaml': playbookYaml('bad-crd', { action: '    - name: nothing-to-do' }),
      'good.yaml': playbookYaml('good-crd'),
    });
    const scraperId = await saveSyncer(admin, 'invalid-syncer', dir);
    const outcome = await t.scrape(scraperId);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatch(/^crdSync: playbook default\/bad-crd: invalid playbook: /);
    expect(await playbook('bad-crd')).toBeUndefined();
    expect((await playbook('good-crd'))?.source).toBe('CRDSync');

    // deleted through the data API, as upstream's console does: its playbooks go with it
    const deleted = await t.call(admin, 'PATCH', `/api/db/config_scrapers?id=eq.${scraperId}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await playbook('good-crd'))?.deleted_at).not.toBeNull();
  });

  it('makes no playbook its saver could not create, nor one naming a connection the saver may not read', async () => {
    const editor = await t.person(['editor']);
    await t.rows("INSERT INTO permissions (action, object, person_id, deny) VALUES ('create', 'playbooks', $1, true)", [
      editor,
    ]);
    const denied = await t.scrape(
      await saveSyncer(editor, 'denied-syncer', await folder('denied', { 'p.yaml': playbookYaml('denied-crd') })),
    );
    expect(denied.errors).toEqual([
      'crdSync: playbook default/denied-crd: whoever last saved this scraper may not create playbooks',
    ]);
    expect(await playbook('denied-crd')).toBeUndefined();

    const other = await t.person(['editor']);
    await t.rows("INSERT INTO permissions (action, object, person_id, deny) VALUES ('read', 'connection', $1, true)", [
      other,
    ]);
    const ref = await storeConnection(t, {
      name: 'ops-db',
      type: 'postgres',
      url: 'postgres://db.invalid:5432/ops',
      username: 'ops',
      password: 'sealed-in-test',
    });
    const withConnection = playbookYaml('conn-crd', {
      action: `    - name: query\n      sql:\n        connection: ${ref}\n        query: select 1`,
    });
    const refused = await t.scrape(
      await saveSyncer(other, 'conn-syncer', await folder('conn', { 'p.yaml': withConnection })),
    );
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toContain('crdSync: playbook default/conn-crd:');
    expect(await playbook('conn-crd')).toBeUndefined();
  });

  it('reports scraped items of other MissionControl types, which it does not turn into definitions', async () => {
    const dir = await folder('canary', {
      'c.yaml': 'apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: c1\nspec: {}\n',
    });
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('canary-syncer', {
        crdSync: true,
        file: [{ type: 'MissionControl::Canary', id: '$.metadata.name', paths: [`${dir}/*.yaml`] }],
      }),
    );
    const outcome = await t.scrape((await response.json()).id);
    expect(outcome.errors).toEqual([
      'crdSync: MissionControl::Canary items are not turned into definitions by this server (only MissionControl::Playbook)',
    ]);
  });
});
