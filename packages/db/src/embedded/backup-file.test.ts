import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../data-dir-lock.js';
import { connectEndpoint, type Database } from '../database.js';
import { migrate } from '../migrate.js';
import { ensureMigratedSnapshot } from '../migrated-snapshot.js';
import { buildCanary, buildCheck, buildCheckStatus, buildPerson } from '../seed/factories.js';
import { insertRow } from '../seed/insert.js';
import { testEngine } from '../testing/index.js';
import { backupStoppedEmbedded, RestoreTargetNotEmptyError, restoreEmbedded } from './backup-file.js';
import { openEmbedded } from './embedded-database.js';

async function figures(database: Database, canaryId: string) {
  const { rows } = await database.pool.query<{ checks: number; results: number; orphans: number; people: number }>(
    `SELECT (SELECT count(*) FROM checks WHERE canary_id = $1) AS checks,
            (SELECT count(*) FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.canary_id = $1) AS results,
            (SELECT count(*) FROM checks c WHERE c.canary_id = $1
               AND (SELECT count(*) FROM check_statuses s WHERE s.check_id = c.id) <> 2) AS orphans,
            (SELECT count(*) FROM people WHERE email = 'backup.person@example.test') AS people`,
    [canaryId],
  );
  return rows[0] as { checks: number; results: number; orphans: number; people: number };
}

describe.skipIf(testEngine() === 'postgres')('embedded backup and restore', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-backup-'));
  beforeAll(async () => {
    await ensureMigratedSnapshot();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes a consistent backup while checks are being written, and restores it into a fresh folder', async () => {
    const live = await openEmbedded(join(root, 'live'));
    await migrate(live.pool);
    const person = await insertRow<{ id: string }>(
      live.pool,
      'people',
      buildPerson({ email: 'backup.person@example.test' }),
    );
    expect(person.id).toBeTruthy();
    const canary = await insertRow<{ id: string }>(live.pool, 'canaries', buildCanary());
    // the job thread's own connection writes checks with two results each, one transaction per check
    const writer = live.endpoint ? connectEndpoint(live.endpoint) : live;
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const client = await writer.pool.connect();
        try {
          await client.query('BEGIN');
          const check = await insertRow<{ id: string }>(client, 'checks', buildCheck(canary.id));
          await insertRow(client, 'check_statuses', buildCheckStatus(check.id));
          await insertRow(client, 'check_statuses', buildCheckStatus(check.id, { time: new Date(Date.now() + 1) }));
          await client.query('COMMIT');
          written++;
        } finally {
          client.release();
        }
      }
    })();
    while (written < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const file = join(root, 'backup.tar.gz');
    const bytes = await live.backup?.(file);
    const afterBackup = written;
    while (written < afterBackup + 5) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await writes;
    if (writer !== live) await writer.close();
    const liveFigures = await figures(live, canary.id);
    await live.close();

    expect(bytes).toBeGreaterThan(0);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    const target = join(root, 'restored');
    await restoreEmbedded(file, target);
    const restored = await openEmbedded(target);
    try {
      const got = await figures(restored, canary.id);
      // every check came with both of its results: no transaction was cut in half
      expect(got.orphans).toBe(0);
      expect(got.people).toBe(1);
      expect(got.checks).toBeGreaterThanOrEqual(5);
      expect(got.checks).toBeLessThan(liveFigures.checks); // taken mid-stream, before the last writes
      expect(got.results).toBe(got.checks * 2);
      // a folder a server holds is never touched, nor backed up behind its back
      await expect(restoreEmbedded(file, target, { force: true })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(backupStoppedEmbedded(target, join(root, 'again.tar.gz'))).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await restored.close();
    }
    // a folder holding a database needs --force, which replaces the database and keeps the key file
    await expect(restoreEmbedded(file, join(root, 'live'))).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
    await expect(restoreEmbedded(file, join(root, 'live'))).rejects.toThrow(/already holds a database; .* --force/);
    writeFileSync(join(root, 'live', 'secret.key'), 'key file stays');
    await restoreEmbedded(file, join(root, 'live'), { force: true });
    expect(readFileSync(join(root, 'live', 'secret.key'), 'utf8')).toBe('key file stays');
    expect(existsSync(join(root, 'live', 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
