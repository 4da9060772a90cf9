import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { FOLDER_ROOTS_PROPERTY } from '../check-types/folder-roots.js';

type Result = { status: string; message: string; details?: { results?: { files?: { name: string }[] } } };

/**
 * A folder check's `path`, `filter.since` and `filter.regex` are Go templates rendered before each run
 * with `last_result`, as canary-checker's folder check renders them (issue 28): a check lists only what
 * changed since its previous run; a rendered path is still confined to the folder roots; a template
 * that cannot run is refused at save naming the field.
 */
describe('folder checks templated with last_result', () => {
  let t: TestApp;
  let base: string;
  let allowed: string;
  let admin: string;
  const HOUR = 3_600_000;

  const file = async (name: string, hoursAgo: number) => {
    const path = join(allowed, name);
    await writeFile(path, 'x');
    const at = new Date(Date.now() - hoursAgo * HOUR);
    await utimes(path, at, at);
  };
  const save = (name: string, check: Record<string, unknown>) =>
    apiCall(t.app, 'POST', '/api/canaries', admin, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name },
      spec: { schedule: '@every 1h', folder: [{ name: `${name}-check`, ...check }] },
    });
  const saved = async (name: string, check: Record<string, unknown>) => {
    const created = await save(name, check);
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${id}`.execute(t.database.db);
    return rows[0]?.id ?? '';
  };
  const runNow = async (checkId: string): Promise<Result> => {
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${checkId}`, admin);
    expect(run.status).toBe(200);
    return (await run.json()) as Result;
  };
  const names = (result: Result) => result.details?.results?.files?.map((entry) => entry.name);

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-folder-template-'));
    allowed = join(base, 'allowed');
    const dataDir = join(base, 'data');
    await mkdir(join(allowed, 'later'), { recursive: true });
    await mkdir(join(base, 'outside'));
    await mkdir(dataDir);
    await file('old.csv', 48);
    t = await createTestApp({ env: { MC_DATA_DIR: dataDir } });
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    const set = await apiCall(t.app, 'POST', '/api/properties', admin, { name: FOLDER_ROOTS_PROPERTY, value: allowed });
    expect(set.status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('lists only what is newer than the previous run’s newest file (filter.since over last_result)', async () => {
    const since = `{{- if last_result.results.results }}
{{ last_result.results.results.newest.modified }}
{{- else }}
now-60d
{{- end }}`;
    const checkId = await saved('since', { path: allowed, filter: { since, regex: '\\.csv$' } });
    expect(names(await runNow(checkId))).toEqual(['old.csv']); // first run: last_result is empty, now-60d
    await file('new.csv', 1);
    expect(names(await runNow(checkId))).toEqual(['new.csv']); // since the previous newest (old.csv)
  });

  it('renders the path with last_result and check, and the rendered path stays below the roots', async () => {
    const path = `${allowed}/{{ if last_result.status }}later{{ end }}`;
    const checkId = await saved('path', { path });
    expect((await runNow(checkId)).message).toBe(`2 files in ${allowed}/`); // old.csv and new.csv
    await writeFile(join(allowed, 'later', 'inside.txt'), 'x');
    expect(names(await runNow(checkId))).toEqual(['inside.txt']);
    const outside = await saved('outside', { path: `${allowed}/../{{ "outside" }}` });
    expect(await runNow(outside)).toMatchObject({
      status: 'unhealthy',
      message: expect.stringContaining('is outside the folders this server may read'),
    });
  });

  it('fails the run naming the field when a template fails, and refuses one that cannot run at save', async () => {
    const checkId = await saved('fails', { path: allowed, filter: { since: '{{ index .check.labels "x" 3 }}' } });
    expect((await runNow(checkId)).message).toMatch(/^filter\.since: /);
    const refused = await save('bad', { path: allowed, filter: { regex: '{{ shell "rm" }}' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('spec.folder[0].filter.regex: ');
  });
});
