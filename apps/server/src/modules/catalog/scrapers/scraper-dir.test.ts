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
import { syncScraperDir } from './scraper-dir.js';

let t: CatalogTestApp;
let dir: string;
let admin: string;
beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  dir = await mkdtemp(join(tmpdir(), 'mc-scraper-dir-'));
  await allowScraperFiles(t.database, dir);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const yaml = (name: string, schedule: string) =>
  `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: ${name}\nspec:\n  schedule: "${schedule}"\n  file:\n    - type: Dir::File\n      paths: ["/nonexistent/*.json"]\n`;

describe('watched scraper folder', () => {
  it('follows the folder: creates, changes, keeps read-only, and deletes with the file', async () => {
    await writeFile(join(dir, 'team.yaml'), `${yaml('team-a', '@every 30m')}---\n${yaml('team-b', '@hourly')}`);
    expect(await syncScraperDir(t.database, dir)).toEqual({
      applied: ['default/team-a', 'default/team-b'],
      removed: [],
      errors: [],
    });
    expect(await syncScraperDir(t.database, dir)).toEqual({ applied: [], removed: [], errors: [] });
    const [row] = await t.rows<{ id: string; source: string }>(
      "SELECT id, source FROM config_scrapers WHERE name = 'team-a'",
    );
    expect(row?.source).toBe('ConfigFile');
    const edit = await t.call(
      admin,
      'PUT',
      `/api/catalog/scrapers/${row?.id}`,
      scrapeConfig('team-a', { file: [{ paths: ['/x'] }] }),
    );
    expect(edit.status).toBe(403);

    await writeFile(join(dir, 'team.yaml'), `${yaml('team-a', '@daily')}---\n${yaml('team-b', '@hourly')}`);
    expect((await syncScraperDir(t.database, dir)).applied).toEqual(['default/team-a']);
    const [schedule] = await t.rows<{ schedule: string }>('SELECT schedule FROM schedules WHERE name = $1', [
      `scraper:${row?.id}`,
    ]);
    expect(schedule?.schedule).toBe('@daily');

    await writeFile(join(dir, 'broken.yaml'), 'kind: ScrapeConfig\nspec: {aws: [{}]}\n');
    await writeFile(join(dir, 'team.yaml'), yaml('team-a', '@daily'));
    const broken = await syncScraperDir(t.database, dir);
    expect(broken.removed).toEqual([]);
    expect(broken.errors[0]).toContain('broken.yaml (document 1)');
    await unlink(join(dir, 'broken.yaml'));
    expect(await syncScraperDir(t.database, dir)).toMatchObject({ removed: ['default/team-b'], errors: [] });
  });
});
