import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { FOLDER_ROOTS_PROPERTY, NO_FOLDER_ROOTS_MESSAGE } from './folder-roots.js';

type Result = { status: string; message: string; details?: { results?: { files?: { name: string }[] } } };

/**
 * Folder checks read the host's file system for whoever saves a canary (an editor), so they go through
 * the file scraper's confinement: through the real routes and sessions, nothing is listed before an
 * administrator sets `health.folder.roots` (which editors cannot), `/etc/shadow` and the server's data
 * folder are refused by name, and a canary saved through `/api/db/canaries` is held to the same rules.
 */
describe('folder check confinement through the canary routes', () => {
  let t: TestApp;
  let base: string;
  let allowed: string;
  let dataDir: string;
  let admin: string;
  let editor: string;

  const canary = (name: string, path: string) => ({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { schedule: '@every 1h', folder: [{ name: 'listing', path }] },
  });
  const checkOf = async (canaryId: string) => {
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${canaryId}`.execute(
      t.database.db,
    );
    return rows[0]?.id ?? '';
  };
  const runNow = async (checkId: string): Promise<Result> => {
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${checkId}`, editor);
    expect(run.status).toBe(200);
    return (await run.json()) as Result;
  };
  const saveAndRun = async (name: string, path: string) => {
    const created = await apiCall(t.app, 'POST', '/api/canaries', editor, canary(name, path));
    expect(created.status, await created.clone().text()).toBe(201);
    return runNow(await checkOf(((await created.json()) as { id: string }).id));
  };

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-folder-confinement-'));
    allowed = join(base, 'allowed');
    dataDir = join(allowed, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'secret.key'), 'not-a-real-key\n');
    await writeFile(join(allowed, 'report.csv'), 'a,b\n');
    t = await createTestApp({ env: { MC_DATA_DIR: dataDir } });
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('lists nothing before an administrator sets the roots: /etc fails the run saying so', async () => {
    expect(await saveAndRun('etc', '/etc')).toMatchObject({ status: 'unhealthy', message: NO_FOLDER_ROOTS_MESSAGE });
  });

  it('lets only an administrator set the roots', async () => {
    const refused = await apiCall(t.app, 'POST', '/api/properties', editor, {
      name: FOLDER_ROOTS_PROPERTY,
      value: '/',
    });
    expect(refused.status).toBe(403);
    const set = await apiCall(t.app, 'POST', '/api/properties', admin, { name: FOLDER_ROOTS_PROPERTY, value: allowed });
    expect(set.status).toBe(201);
  });

  it('lists below the roots and refuses /etc/shadow and the data folder by name, on both save paths', async () => {
    const listed = await saveAndRun('allowed', allowed);
    expect(listed.status).toBe('healthy');
    expect(listed.details?.results?.files?.map((file) => file.name)).toEqual(['report.csv']);
    expect(await saveAndRun('shadow', '/etc/shadow')).toMatchObject({
      status: 'unhealthy',
      message: `path /etc/shadow is outside the folders this server may read (${allowed})`,
    });
    const viaData = await apiCall(
      t.app,
      'POST',
      '/api/db/canaries',
      editor,
      { name: 'data-folder', spec: canary('data-folder', dataDir).spec },
      { prefer: 'return=representation' },
    );
    expect(viaData.status, await viaData.clone().text()).toBe(201);
    const [row] = (await viaData.json()) as { id: string }[];
    const data = await runNow(await checkOf(row?.id ?? ''));
    expect(data.status).toBe('unhealthy');
    expect(data.message).toContain(`path ${dataDir} is inside a folder this server never reads`);
    expect(JSON.stringify(data)).not.toContain('secret.key');
  });

  it('refuses an object store at save, naming the field', async () => {
    const created = await apiCall(t.app, 'POST', '/api/canaries', editor, canary('bucket', 's3://backups/daily'));
    expect(created.status).toBe(400);
    expect(await created.text()).toContain('path s3://backups/daily is not supported by this server');
  });
});
