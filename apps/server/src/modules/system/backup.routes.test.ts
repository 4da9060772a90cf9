import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openEmbedded, restoreEmbedded } from '@mc/db';
import { testEngine } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModules } from '../../composition/register-routes.js';
import { createApp } from '../../platform/app.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recordingMailer } from '../auth/testing/recording-mailer.js';

// Consistency under concurrent writes is tested where the tarball is made
// (packages/db/src/embedded/backup-file.test.ts); here, the route on a real embedded database.
describe.skipIf(testEngine() === 'postgres')('GET /api/system/backup on the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-backup-route-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('streams a tarball that restores into a fresh folder with the same people', async () => {
    const database = await openEmbedded(join(root, 'live'));
    await migrate(database.pool);
    const config = loadConfig({ MC_ADMIN_PASSWORD: randomBytes(12).toString('base64url') });
    const deps = {
      config,
      database,
      logger: createLogger('error', {}, () => {}),
      version: 'test',
      mailer: recordingMailer(),
    };
    const app = createApp({ ...deps, registerModules: (router) => registerModules(router, deps) });
    const t: TestApp = { app, database, logs: [], mails: [], close: () => database.close() };
    let response: Response;
    let adminId: string;
    try {
      const admin = await signedInUser(t, { roles: ['admin'] });
      adminId = admin.id;
      response = await apiCall(app, 'GET', '/api/system/backup', admin.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="mission-control-.+\.tar\.gz"$/,
      );
      writeFileSync(join(root, 'backup.tar.gz'), Buffer.from(await response.arrayBuffer()));
    } finally {
      await database.close();
    }
    await restoreEmbedded(join(root, 'backup.tar.gz'), join(root, 'restored'));
    const restored = await openEmbedded(join(root, 'restored'));
    try {
      const { rows } = await restored.pool.query('SELECT id FROM people WHERE id = $1', [adminId]);
      expect(rows).toHaveLength(1);
    } finally {
      await restored.close();
    }
  }, 90_000);
});

describe('GET /api/system/backup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for administrators only', async () => {
    expect((await apiCall(t.app, 'GET', '/api/system/backup', null)).status).toBe(401);
    const editor = await signedInUser(t, { roles: ['editor'] });
    const refused = await apiCall(t.app, 'GET', '/api/system/backup', editor.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Only administrators may back up the database' });
  });

  it('points a database without a data folder (PostgreSQL) at pg_dump with a 409', async () => {
    const admin = await signedInUser(t, { roles: ['admin'] });
    const response = await apiCall(t.app, 'GET', '/api/system/backup', admin.token);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/pg_dump/) });
  });
});
