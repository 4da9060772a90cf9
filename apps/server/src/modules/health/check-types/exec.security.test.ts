import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { EXEC_CHECKS_DISABLED_MESSAGE } from './exec-policy.js';

/** The server's data directory as the script would find it: the secret key beside the database. */
const dataDir = mkdtempSync(join(tmpdir(), 'mc-exec-sec-'));
writeFileSync(join(dataDir, 'secret.key'), 'planted-secret-key-file\n', { mode: 0o600 });

type Result = { status: string; message: string; details?: Record<string, unknown> };

/**
 * Issue 11 item 9: an exec check ran any script as the server user and could read secret.key and the
 * database files. Now exec checks are off unless MC_EXEC_CHECKS=on, and an enabled script sees neither
 * the server's environment nor its data directory. Canaries written and run through the real routes.
 */
describe('exec checks through the canary routes', () => {
  let t: TestApp;
  let admin: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { MC_DATA_DIR: dataDir, DATABASE_URL: 'postgres://planted:dbpw@db/prod' });
    delete process.env.MC_EXEC_CHECKS;
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    for (const key of ['MC_DATA_DIR', 'DATABASE_URL', 'MC_EXEC_CHECKS']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await t.close();
  });

  async function runExec(name: string, script: string): Promise<Result> {
    const created = await apiCall(t.app, 'POST', '/api/canaries', admin, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name },
      spec: { schedule: '@every 1h', exec: [{ name: 'script', script }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${id}`.execute(t.database.db);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${rows[0]?.id}`, admin);
    expect(run.status).toBe(200);
    // Run Now answers the stored check result.
    return (await run.json()) as Result;
  }

  it('are off by default: the check fails with how to enable them, and the script never runs', async () => {
    const marker = join(dataDir, 'ran-while-off');
    const result = await runExec('exec-off', `touch ${marker}`);
    expect(result).toMatchObject({ status: 'unhealthy', message: EXEC_CHECKS_DISABLED_MESSAGE });
    expect(existsSync(marker)).toBe(false);
  });

  it('when enabled, cannot read secret.key nor see DATABASE_URL or MC_* variables, and run in a directory of their own', async () => {
    process.env.MC_EXEC_CHECKS = 'on';
    const result = await runExec(
      'exec-on',
      `cat ${dataDir}/secret.key 2>&1; env; echo "cwd=$(pwd)"; cat /proc/1/environ 2>/dev/null | tr '\\0' '\\n'; echo end`,
    );
    expect(result.status).toBe('healthy');
    const out = String(result.details?.stdout ?? '');
    expect(out).not.toContain('dbpw');
    expect(out).not.toMatch(/DATABASE_URL|MC_[A-Z_]+=/);
    expect(out).toMatch(new RegExp(`cwd=${tmpdir()}/mc-exec-`));
    if (result.details?.isolation === 'none') {
      // Without namespaces only file permissions stand between the script and the key (docs/security.md).
      console.warn('no exec isolation on this system; the data directory is not hidden from scripts');
      return;
    }
    expect(out).not.toContain('planted-secret-key-file');
    expect(out).toMatch(/secret\.key: (No such file or directory|Permission denied)/);
  });
});
