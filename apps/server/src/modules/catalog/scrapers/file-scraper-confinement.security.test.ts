import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { JobRegistry, JobWorker } from '../../jobs/index.js';
import { NO_SCRAPER_FILE_ROOTS_MESSAGE } from '../kinds/file.js';
import { runScraperJob } from '../scrape/run-scraper.job.js';
import { scrapeConfig } from '../testing/catalog-test-app.js';

/**
 * Issue 25, finding 2: an editor's file scraper reads the host. Through the real routes and sessions: an
 * editor saves file scrapers (/api/catalog/scrapers and /api/db/config_scrapers) and runs them (Run Now,
 * a real job worker), a guest reads the catalog. Nothing is read before an administrator sets the roots;
 * a path outside them, a link leading out of them, or the server's own data folder inside them fails the
 * run with a message naming the path, and the items an earlier run found stay.
 */
describe('file scraper confinement', () => {
  let t: TestApp;
  let worker: JobWorker;
  let base: string;
  let allowed: string;
  let dataDir: string;
  let admin: string;
  let editor: string;
  let guest: string;

  const document = (name: string) => `kind: Secretless\nmetadata:\n  name: ${name}\n`;
  const fileEntry = (paths: string[]) => ({ type: 'Test::File', name: '$.metadata.name', paths });

  /** The editor saves a scraper through the scrapers API and answers its id. */
  const saveScraper = async (name: string, paths: string[]) => {
    const response = await apiCall(
      t.app,
      'POST',
      '/api/catalog/scrapers',
      editor,
      scrapeConfig(name, { schedule: '@every 24h', file: [fileEntry(paths)] }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  /** The editor presses Run Now and waits for the run's history row. */
  const runNow = async (id: string) => {
    const response = await apiCall(t.app, 'POST', `/api/catalog/scrapers/${id}/run?wait=true`, editor);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { run: { status: string; details: { errors?: string[] } } };
    return { status: answer.run.status, errors: answer.run.details.errors ?? [] };
  };
  /** What a guest reads of a scraper's items. */
  const guestReads = async (id: string) => {
    const response = await apiCall(
      t.app,
      'GET',
      `/api/db/config_items?scraper_id=eq.${id}&select=name,config,deleted_at&order=name`,
      guest,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { name: string; config: unknown; deleted_at: string | null }[];
  };
  const setRoots = (token: string, value: string) =>
    apiCall(t.app, 'POST', '/api/properties', token, { name: 'catalog.scraper.file.roots', value });

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-scraper-confinement-'));
    allowed = join(base, 'allowed');
    dataDir = join(allowed, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'secret.key'), 'kid: not-a-real-key\n');
    await writeFile(join(allowed, 'app.yaml'), document('app'));
    await writeFile(join(base, 'outside.yaml'), document('outside'));
    const env = { MC_DATA_DIR: dataDir };
    t = await createTestApp({ env });
    const logger = createLogger('error', {}, () => {});
    worker = new JobWorker(
      new JobRegistry([runScraperJob]),
      { config: loadConfig(env), database: t.database, logger },
      { concurrency: 1, leaseMs: 5_000, pollIntervalMs: 20, owner: 'confinement-test', hostname: 'test' },
      logger,
    );
    worker.start();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    guest = (await signedInUser(t, { roles: ['guest'] })).token;
  });

  afterAll(async () => {
    await worker?.stop(0);
    await t?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('reads no file before an administrator sets the roots: /etc/shadow fails the run, the guest reads nothing', async () => {
    const id = await saveScraper('shadow', ['/etc/shadow']);
    expect(await runNow(id)).toEqual({
      status: 'FAILED',
      errors: [expect.stringContaining(NO_SCRAPER_FILE_ROOTS_MESSAGE)],
    });
    expect(await guestReads(id)).toEqual([]);
  });

  it('lets only an administrator set the roots (the scraper’s own confinement)', async () => {
    const refused = await setRoots(editor, '/');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Only an administrator may change the property 'catalog.scraper.file.roots'",
    );
    expect((await setRoots(admin, allowed)).status).toBe(201);
  });

  it('refuses a path outside the roots by name, also for a scraper saved through /api/db/config_scrapers', async () => {
    const created = await apiCall(
      t.app,
      'POST',
      '/api/db/config_scrapers',
      editor,
      { name: 'shadow-via-data-api', spec: { schedule: '@every 24h', file: [fileEntry(['/etc/shadow'])] } },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    const id = row?.id ?? '';
    expect(await runNow(id)).toEqual({
      status: 'FAILED',
      errors: [
        `scraper default/shadow-via-data-api: file[0]: path /etc/shadow is outside the folders this server may read (${allowed})`,
      ],
    });
    expect(await guestReads(id)).toEqual([]);
    const climbing = await saveScraper('climbing', [join(allowed, '..', 'outside.yaml')]);
    expect((await runNow(climbing)).errors[0]).toContain(`path ${join(base, 'outside.yaml')} is outside the folders`);
  });

  it('fails the run on a link leading out of the roots, naming it, and keeps the items found before', async () => {
    const id = await saveScraper('linked', [join(allowed, '*.yaml')]);
    expect(await runNow(id)).toEqual({ status: 'SUCCESS', errors: [] });
    expect(await guestReads(id)).toEqual([
      { name: 'app', config: { kind: 'Secretless', metadata: { name: 'app' } }, deleted_at: null },
    ]);

    await symlink('/etc/passwd', join(allowed, 'passwd.yaml'));
    expect(await runNow(id)).toEqual({
      status: 'FAILED',
      errors: [
        `scraper default/linked: file[0]: path ${join(allowed, 'passwd.yaml')} leads outside the folders this server may read (${allowed})`,
      ],
    });
    const kept = await guestReads(id);
    expect(kept).toEqual([
      { name: 'app', config: { kind: 'Secretless', metadata: { name: 'app' } }, deleted_at: null },
    ]);
    expect(JSON.stringify(kept)).not.toContain('root:');
    await unlink(join(allowed, 'passwd.yaml'));
  });

  it('never reads the server’s data folder, though a root contains it: neither named nor through a link', async () => {
    const named = await saveScraper('secret-key', [join(dataDir, 'secret.key')]);
    expect(await runNow(named)).toEqual({
      status: 'FAILED',
      errors: [
        `scraper default/secret-key: file[0]: path ${join(dataDir, 'secret.key')} is inside a folder this server never reads (its data folder, its database, /proc, /sys or /dev)`,
      ],
    });
    await symlink(join(dataDir, 'secret.key'), join(allowed, 'key.yaml'));
    const linked = await saveScraper('key-link', [join(allowed, 'key.yaml')]);
    expect((await runNow(linked)).errors).toEqual([
      `scraper default/key-link: file[0]: path ${join(allowed, 'key.yaml')} leads into a folder this server never reads (its data folder, its database, /proc, /sys or /dev)`,
    ]);
    // a glob over the root walks past the data folder without reading it
    const globbed = await saveScraper('whole-root', [join(allowed, '**', '*.key')]);
    expect(await runNow(globbed)).toEqual({ status: 'SUCCESS', errors: [] });
    expect(await guestReads(globbed)).toEqual([]);
    expect(await guestReads(named)).toEqual([]);
    expect(await guestReads(linked)).toEqual([]);
    await unlink(join(allowed, 'key.yaml'));
  });
});
