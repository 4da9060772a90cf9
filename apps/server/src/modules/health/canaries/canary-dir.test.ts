import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { canariesService, parseCanaryText } from './canaries.service.js';
import { syncCanaryDir, watchCanaryDir } from './canary-dir.js';

let database: Database;
let dir: string;

const canary = (name: string, endpoint: string, schedule = '@every 1m') => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  labels:
    team: platform
spec:
  schedule: "${schedule}"
  http:
    - name: ${name}-home
      endpoint: ${endpoint}
`;

async function liveCanaries() {
  const { rows } = await database.pool.query<{ id: string; name: string; source: string; schedule: string }>(
    'SELECT id, name, source, schedule FROM canaries WHERE deleted_at IS NULL AND source = $1 ORDER BY name',
    ['ConfigFile'],
  );
  return rows;
}

async function liveChecks(canaryName: string) {
  const { rows } = await database.pool.query<{ name: string; endpoint: string }>(
    `SELECT k.name, k.endpoint FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE c.name = $1 AND c.source = 'ConfigFile' AND k.deleted_at IS NULL ORDER BY k.name`,
    [canaryName],
  );
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'mc-canaries-'));
});

afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('canaries from a watched directory', () => {
  it('creates one ConfigFile canary per document, read-only through the API', async () => {
    await writeFile(
      join(dir, 'web.yaml'),
      `${canary('web', 'http://127.0.0.1:1/a')}---\n${canary('api', 'http://127.0.0.1:1/b')}`,
    );
    await writeFile(join(dir, 'notes.txt'), 'not a canary');
    const outcome = await syncCanaryDir(database, dir);
    expect(outcome).toEqual({ applied: ['default/web', 'default/api'], removed: [], errors: [] });
    expect((await liveCanaries()).map((c) => `${c.name}:${c.source}`)).toEqual(['api:ConfigFile', 'web:ConfigFile']);
    expect(await liveChecks('web')).toEqual([{ name: 'web-home', endpoint: 'http://127.0.0.1:1/a' }]);

    const web = (await liveCanaries()).find((c) => c.name === 'web');
    const service = canariesService(database);
    const actor = { actor: { kind: 'system' as const, name: 'test' } };
    await expect(
      service.update(web?.id ?? '', parseCanaryText(canary('web', 'http://127.0.0.1:1/x')), actor),
    ).rejects.toMatchObject({ code: 'forbidden', message: "Canary 'default/web' comes from a file and is read-only" });
    await expect(service.remove(web?.id ?? '', actor)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('leaves unchanged documents alone and applies a changed one, keeping its source', async () => {
    expect(await syncCanaryDir(database, dir)).toEqual({ applied: [], removed: [], errors: [] });
    const before = (await liveCanaries()).find((c) => c.name === 'api');
    await writeFile(
      join(dir, 'web.yaml'),
      `${canary('web', 'http://127.0.0.1:1/a')}---\n${canary('api', 'http://127.0.0.1:1/changed', '@every 2m')}`,
    );
    expect(await syncCanaryDir(database, dir)).toEqual({ applied: ['default/api'], removed: [], errors: [] });
    const after = (await liveCanaries()).find((c) => c.name === 'api');
    expect(after).toMatchObject({ id: before?.id, source: 'ConfigFile', schedule: '@every 2m' });
    expect(await liveChecks('api')).toEqual([{ name: 'api-home', endpoint: 'http://127.0.0.1:1/changed' }]);
  });

  it('names an invalid file and deletes nothing while it is broken', async () => {
    await writeFile(join(dir, 'web.yaml'), canary('web', 'http://127.0.0.1:1/a'));
    await writeFile(
      join(dir, 'bad.yml'),
      'apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata: {}\nspec: {}\n',
    );
    const outcome = await syncCanaryDir(database, dir);
    expect(outcome.applied).toEqual([]);
    expect(outcome.removed).toEqual([]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatch(/^bad\.yml \(document 1\): /);
    expect((await liveCanaries()).map((c) => c.name)).toEqual(['api', 'web']);
  });

  it("names a field the server does not honour in the file's error and applies nothing of it", async () => {
    await writeFile(
      join(dir, 'unhonoured.yaml'),
      canary('unhonoured', 'http://127.0.0.1:1/a').replace('      endpoint:', '      crawlDepth: 2\n      endpoint:'),
    );
    const outcome = await syncCanaryDir(database, dir);
    await unlink(join(dir, 'unhonoured.yaml'));
    expect(outcome.errors).toContain(
      'unhonoured.yaml (document 1): spec.http[0].crawlDepth: is not supported by this server',
    );
    expect((await liveCanaries()).map((c) => c.name)).not.toContain('unhonoured');
  });

  it('deletes the canary and its checks when its document is gone', async () => {
    await unlink(join(dir, 'bad.yml'));
    expect(await syncCanaryDir(database, dir)).toEqual({ applied: [], removed: ['default/api'], errors: [] });
    expect((await liveCanaries()).map((c) => c.name)).toEqual(['web']);
    expect(await liveChecks('api')).toEqual([]);
  });

  it('follows file changes while watching', async () => {
    const watcher = watchCanaryDir(database, dir, createLogger('error'), { debounceMs: 50 });
    try {
      await watcher.settled();
      await writeFile(join(dir, 'db.yaml'), canary('db', 'http://127.0.0.1:1/db'));
      await expect
        .poll(async () => (await liveCanaries()).map((c) => c.name), { timeout: 10_000 })
        .toEqual(['db', 'web']);
      await unlink(join(dir, 'web.yaml'));
      await expect.poll(async () => (await liveCanaries()).map((c) => c.name), { timeout: 10_000 }).toEqual(['db']);
    } finally {
      await watcher.stop();
    }
  });
});
