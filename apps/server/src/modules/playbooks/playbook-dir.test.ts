import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { syncPlaybookDir, watchPlaybookDir } from './playbook-dir.js';

const playbook = (
  name: string,
  title = 'Restart',
  namespace = 'default',
) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  title: ${title}
  category: Kubernetes
  description: Restarts it
  parameters:
    - name: reason
      required: true
  actions:
    - name: ping
      http:
        url: http://127.0.0.1:1/
`;

describe('playbooks from a watched folder (MC_PLAYBOOK_DIR)', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;

  const live = async () => {
    const { rows } = await t.database.pool.query<{ id: string; name: string; namespace: string; title: string }>(
      "SELECT id, name, namespace, title FROM playbooks WHERE deleted_at IS NULL AND source = 'ConfigFile' ORDER BY name",
    );
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    dir = await mkdtemp(join(tmpdir(), 'mc-playbooks-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores one ConfigFile playbook per document with its columns, read-only through the API', async () => {
    await writeFile(join(dir, 'ops.yaml'), `${playbook('restart')}---\n${playbook('scale', 'Scale', 'ops')}`);
    await writeFile(join(dir, 'README.md'), 'not a playbook');
    expect(await syncPlaybookDir(t.database, dir)).toEqual({
      applied: ['default/restart', 'ops/scale'],
      removed: [],
      errors: [],
    });
    const rows = await live();
    expect(rows.map((row) => `${row.namespace}/${row.name}:${row.title}`)).toEqual([
      'default/restart:Restart',
      'ops/scale:Scale',
    ]);
    const audit = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE target = 'playbooks' AND actor_id = 'playbook-dir'",
    );
    expect(audit.rows[0].n).toBe(2);
    const restart = rows.find((row) => row.name === 'restart');

    const edit = await apiCall(t.app, 'PATCH', `/api/db/playbooks?id=eq.${restart?.id}`, admin, { title: 'Mine' });
    expect(edit.status).toBe(403);
    expect(await edit.text()).toContain(
      "Playbook 'default/restart' comes from a file (MC_PLAYBOOK_DIR) and is read-only",
    );
    expect((await apiCall(t.app, 'DELETE', `/api/db/playbooks?id=eq.${restart?.id}`, admin)).status).toBe(403);
    const claim = await apiCall(t.app, 'POST', '/api/db/playbooks', admin, {
      name: 'forged',
      source: 'ConfigFile',
      spec: { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1/' } }] },
    });
    expect(claim.status).toBe(403);
    expect(await claim.text()).toContain('made by the server from its files');
    // still runnable: read-only is about the definition, not its runs
    const listed = await apiCall(t.app, 'GET', `/api/db/playbooks?id=eq.${restart?.id}&select=source`, admin);
    expect(await listed.json()).toEqual([{ source: 'ConfigFile' }]);
  });

  it('leaves unchanged documents alone and applies a changed one in place', async () => {
    expect(await syncPlaybookDir(t.database, dir)).toEqual({ applied: [], removed: [], errors: [] });
    const before = (await live()).find((row) => row.name === 'restart');
    await writeFile(
      join(dir, 'ops.yaml'),
      `${playbook('restart', 'Restart now')}---\n${playbook('scale', 'Scale', 'ops')}`,
    );
    expect(await syncPlaybookDir(t.database, dir)).toEqual({ applied: ['default/restart'], removed: [], errors: [] });
    const after = (await live()).find((row) => row.name === 'restart');
    expect(after?.id).toBe(before?.id);
    expect(after?.title).toBe('Restart now');
  });

  it('names an invalid document and deletes nothing while one is broken', async () => {
    await writeFile(join(dir, 'ops.yaml'), playbook('restart', 'Restart now'));
    await writeFile(
      join(dir, 'bad.yml'),
      'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: Bad}\nspec: {actions: []}\n',
    );
    const outcome = await syncPlaybookDir(t.database, dir);
    expect(outcome.applied).toEqual([]);
    expect(outcome.removed).toEqual([]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatch(/^bad\.yml \(document 1\): metadata\.name: must be lower-case/);
    expect((await live()).map((row) => row.name)).toEqual(['restart', 'scale']);
    await unlink(join(dir, 'bad.yml'));
  });

  it('refuses a document whose name a console playbook already has', async () => {
    const made = await apiCall(t.app, 'POST', '/api/db/playbooks', admin, {
      name: 'billing',
      spec: { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1/' } }] },
    });
    expect(made.status).toBe(201);
    await writeFile(join(dir, 'billing.yaml'), playbook('billing'));
    const outcome = await syncPlaybookDir(t.database, dir);
    expect(outcome.errors).toEqual([
      "default/billing: playbook 'default/billing' already exists from UI; rename one of them",
    ]);
    expect(outcome.removed).toEqual([]);
    await unlink(join(dir, 'billing.yaml'));
  });

  it('soft-deletes a playbook whose document is gone', async () => {
    const scale = (await live()).find((row) => row.name === 'scale');
    expect(await syncPlaybookDir(t.database, dir)).toEqual({ applied: [], removed: ['ops/scale'], errors: [] });
    expect((await live()).map((row) => row.name)).toEqual(['restart']);
    const gone = await t.database.pool.query('SELECT deleted_at FROM playbooks WHERE id = $1', [scale?.id]);
    expect(gone.rows[0].deleted_at).not.toBeNull();
  });

  it('follows file changes while watching', async () => {
    const watcher = watchPlaybookDir(t.database, dir, createLogger('error'), { debounceMs: 50 });
    try {
      await watcher.settled();
      await writeFile(join(dir, 'edge.yaml'), playbook('edge'));
      await expect
        .poll(async () => (await live()).map((row) => row.name), { timeout: 10_000 })
        .toEqual(['edge', 'restart']);
      await unlink(join(dir, 'ops.yaml'));
      await expect.poll(async () => (await live()).map((row) => row.name), { timeout: 10_000 }).toEqual(['edge']);
    } finally {
      await watcher.stop();
    }
  });
});
