import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The upstream console's named views and function (migration 0180, issue 29 class 3): their answers
 * on seeded data, and for every kind of reader, a view never shows a row its base table hides.
 */
let t: TestApp;
type Person = { id: string; token: string };
const people: Record<string, Person> = {};

const U = {
  canaryA: '00000000-0000-4000-8000-0000000c0a01',
  canaryB: '00000000-0000-4000-8000-0000000c0a02',
  checkA: '00000000-0000-4000-8000-0000000c0b01',
  checkB: '00000000-0000-4000-8000-0000000c0b02',
  configA: '00000000-0000-4000-8000-0000000c0c01',
  configB: '00000000-0000-4000-8000-0000000c0c02',
  playbook: '00000000-0000-4000-8000-0000000c0d01',
  run: '00000000-0000-4000-8000-0000000c0d02',
  childRun: '00000000-0000-4000-8000-0000000c0d03',
  action: '00000000-0000-4000-8000-0000000c0d04',
  childAction: '00000000-0000-4000-8000-0000000c0d05',
  topology: '00000000-0000-4000-8000-0000000c0e01',
  scraper: '00000000-0000-4000-8000-0000000c0e02',
  component: '00000000-0000-4000-8000-0000000c0e03',
} as const;

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const read = async (path: string, who: Person) => {
  const res = await apiCall(t.app, 'GET', `/api/db/${path}`, who.token);
  return { status: res.status, rows: res.status === 200 ? ((await res.json()) as Record<string, unknown>[]) : [] };
};
const grant = (personId: string, values: Record<string, string>) =>
  sql(
    `INSERT INTO permissions (action, person_id, ${Object.keys(values).join(', ')}) VALUES ('read', $1, ${Object.keys(
      values,
    )
      .map((_, i) => `$${i + 2}`)
      .join(', ')})`,
    [personId, ...Object.values(values)],
  );

beforeAll(async () => {
  t = await createTestApp();
  await sql(`
    INSERT INTO canaries (id, name, namespace, spec) VALUES
      ('${U.canaryA}', 'canary-a', 'prod', '{"interval": 60}'), ('${U.canaryB}', 'canary-b', 'dev', '{}');
    INSERT INTO checks (id, canary_id, type, name, status, labels, last_runtime) VALUES
      ('${U.checkA}', '${U.canaryA}', 'http', 'check-a', 'healthy', '{"app": "web"}', '2026-01-01T00:00:00Z'),
      ('${U.checkB}', '${U.canaryB}', 'dns', 'check-b', 'unhealthy', '{"zone": "int"}', NULL);
    INSERT INTO config_items (id, config_class, type, name, tags, labels) VALUES
      ('${U.configA}', 'Deployment', 'Kubernetes::Deployment', 'config-a', '{"cluster": "a"}', '{"team": "x"}'),
      ('${U.configB}', 'Deployment', 'Kubernetes::Deployment', 'config-b', '{"region": "b"}', NULL);
    INSERT INTO config_changes (config_id, change_type, summary) VALUES
      ('${U.configA}', 'diff', 'a changed'), ('${U.configB}', 'diff', 'b changed');
    INSERT INTO config_analysis (config_id, analyzer, analysis_type) VALUES
      ('${U.configA}', 'quota', 'cost'), ('${U.configB}', 'cve', 'security');
    INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES
      ('${U.configA}', '${U.checkA}', '${U.canaryA}'), ('${U.configB}', '${U.checkB}', '${U.canaryB}');
    INSERT INTO playbooks (id, name, title, category, spec) VALUES
      ('${U.playbook}', 'restart', 'Restart', 'ops', '{"description": "restarts a pod", "icon": "k8s"}');
    INSERT INTO playbook_runs (id, playbook_id, status) VALUES ('${U.run}', '${U.playbook}', 'completed');
    INSERT INTO playbook_runs (id, playbook_id, parent_id, status) VALUES ('${U.childRun}', '${U.playbook}', '${U.run}', 'completed');
    INSERT INTO playbook_run_actions (id, playbook_run_id, name, status, start_time) VALUES
      ('${U.action}', '${U.run}', 'first', 'completed', '2026-01-01T00:00:00Z'),
      ('${U.childAction}', '${U.childRun}', 'second', 'completed', '2026-01-01T00:01:00Z');
    INSERT INTO artifacts (playbook_run_action_id, path, filename, size, checksum, content) VALUES
      ('${U.action}', 'out/log.txt', 'log.txt', 3, 'abc', 'abc');
    INSERT INTO topologies (id, name) VALUES ('${U.topology}', 'estate');
    INSERT INTO components (id, topology_id, external_id, name, labels) VALUES
      ('${U.component}', '${U.topology}', 'api', 'api', '{"tier": "front"}');
    INSERT INTO config_scrapers (id, name, spec) VALUES ('${U.scraper}', 'kube', '{}');
    INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at) VALUES
      ('canary', 'canary', '${U.canaryA}', 'FAILED', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
      ('canary', 'canary', '${U.canaryA}', 'SUCCESS', '2026-01-01T00:05:00Z', '2026-01-01T00:05:00Z'),
      ('scrape', 'config_scraper', '${U.scraper}', 'SUCCESS', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
  `);
  people.admin = await signedInUser(t, { roles: ['admin'] });
  people.editor = await signedInUser(t, { roles: ['editor'] });
  people.guest = await signedInUser(t, { roles: ['guest'] });
  people.canaryA = await signedInUser(t, { roles: [] });
  await grant(people.canaryA.id, { canary_id: U.canaryA });
  people.configA = await signedInUser(t, { roles: [] });
  await grant(people.configA.id, { config_id: U.configA });
  await grant(people.admin.id, { canary_id: U.canaryB });
});
afterAll(() => t.close());

const admin = () => people.admin as Person;

describe('answers on seeded data', () => {
  it('the with-status views take the latest job and the last failure', async () => {
    const { rows } = await read(`canaries_with_status?id=eq.${U.canaryA}`, admin());
    expect(rows[0]).toMatchObject({
      name: 'canary-a',
      interval: '60',
      job_status: 'SUCCESS',
      agent: { name: 'local' },
    });
    expect(rows[0]?.job_last_failed).toMatch(/^2026-01-01T00:00:00/);
    expect(rows[0]?.last_runtime).toMatch(/^2026-01-01T00:00:00/);
    const scrapers = await read(`config_scrapers_with_status?select=name,job_status&id=eq.${U.scraper}`, admin());
    expect(scrapers.rows).toEqual([{ name: 'kube', job_status: 'SUCCESS' }]);
    const topologies = await read(`topologies_with_status?select=name,job_status&id=eq.${U.topology}`, admin());
    expect(topologies.rows).toEqual([{ name: 'estate', job_status: null }]);
    expect((await read('teams_with_status?select=id,job_name', admin())).status).toBe(200);
  });

  it('get_playbook_run_actions answers the run and its child runs, in start order, with artifacts', async () => {
    const { status, rows } = await read(`rpc/get_playbook_run_actions?run_id=${U.run}`, admin());
    expect(status).toBe(200);
    expect(rows.map((r) => r.name)).toEqual(['first', 'second']);
    expect(rows[0]?.artifacts).toMatchObject([{ filename: 'log.txt', size: 3 }]);
    expect(rows[1]?.artifacts).toBeNull();
  });

  it('playbook_names, check_names, check_summary_for_config and config_changes_items', async () => {
    expect((await read('playbook_names?select=name,title,description,category,icon', admin())).rows).toEqual([
      { name: 'restart', title: 'Restart', description: 'restarts a pod', category: 'ops', icon: 'k8s' },
    ]);
    expect((await read('check_names?select=name,status&order=name', admin())).rows).toEqual([
      { name: 'check-a', status: 'healthy' },
      { name: 'check-b', status: 'unhealthy' },
    ]);
    const summary = await read(`check_summary_for_config?config_id=eq.${U.configA}`, admin());
    expect(summary.rows).toMatchObject([{ id: U.checkA, canary_name: 'canary-a', uptime: { passed: 0, failed: 0 } }]);
    const changes = await read(
      'config_changes_items?select=summary,config:config_names!inner(name)&order=summary',
      admin(),
    );
    expect(changes.rows).toEqual([
      { summary: 'a changed', config: { name: 'config-a' } },
      { summary: 'b changed', config: { name: 'config-b' } },
    ]);
  });

  it('option lists of keys and analysis types', async () => {
    const keys = async (view: string) => (await read(`${view}?order=key`, admin())).rows.map((r) => r.key);
    expect(await keys('config_tags_labels_keys')).toEqual(
      expect.arrayContaining(['label:team', 'tag:cluster', 'tag:region']),
    );
    expect(await keys('component_labels_keys')).toEqual(['label:tier']);
    expect(await keys('checks_labels_keys')).toEqual(['label:app', 'label:zone']);
    const types = (await read('analysis_types?order=analysis_type', admin())).rows.map((r) => r.analysis_type);
    expect(types).toEqual(['cost', 'security']);
  });

  it('permissions_summary names the subject and the resource; identities lists sign-in identities', async () => {
    const { rows } = await read(`permissions_summary?person_id=eq.${people.canaryA?.id}`, admin());
    expect(rows).toMatchObject([
      { canary_object: { id: U.canaryA, name: 'canary-a' }, person: { id: people.canaryA?.id } },
    ]);
    const identities = await read('identities?select=id,state', admin());
    expect(identities.rows.map((r) => r.id)).toEqual(expect.arrayContaining([admin().id]));
  });
});

describe('saved_query and incident_rules (migration 0195)', () => {
  it('the query builder saves, lists, renames and deletes a query, as the console calls them', async () => {
    const editor = people.editor as Person;
    const created = await apiCall(
      t.app,
      'POST',
      '/api/db/saved_query',
      editor.token,
      { query: 'type=Kubernetes::Pod', description: 'pods', icon: 'k8s', columns: ['name', 'health'] },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    expect(row).toMatchObject({ query: 'type=Kubernetes::Pod', columns: ['name', 'health'], created_by: null });
    const patched = await apiCall(t.app, 'PATCH', `/api/db/saved_query?id=eq.${row?.id}`, editor.token, {
      description: 'all pods',
    });
    expect(patched.status).toBe(204);
    expect((await read(`saved_query?id=eq.${row?.id}&select=description,query`, editor)).rows).toEqual([
      { description: 'all pods', query: 'type=Kubernetes::Pod' },
    ]);
    expect((await apiCall(t.app, 'DELETE', `/api/db/saved_query?id=eq.${row?.id}`, editor.token)).status).toBe(204);
    expect((await read('saved_query', editor)).rows).toEqual([]);
    // a guest reads saved queries (the database kind) but saves none
    expect((await read('saved_query', people.guest as Person)).status).toBe(200);
    const byGuest = await apiCall(t.app, 'POST', '/api/db/saved_query', (people.guest as Person).token, { query: 'x' });
    expect(byGuest.status).toBe(403);
  });

  it('incident_rules answers the Rules list (created_by embedded) and refuses a rule naming why', async () => {
    await sql(
      `INSERT INTO incident_rules (name, spec, source, created_by) VALUES ('pods', '{"autoClose": true}', 'UI', $1)`,
      [admin().id],
    );
    const list = await read(
      'incident_rules?select=*,created_by(id,name,avatar,email)&order=created_at.desc&deleted_at=is.null&limit=100',
      admin(),
    );
    expect(list.rows).toMatchObject([{ name: 'pods', spec: { autoClose: true }, created_by: { id: admin().id } }]);
    const refused = await apiCall(t.app, 'POST', '/api/db/incident_rules', admin().token, { name: 'x', spec: {} });
    expect(refused.status).toBe(405);
    expect(((await refused.json()) as { message: string }).message).toMatch(/not run by this server/);
    expect((await read('incident_rules', people.guest as Person)).status).toBe(200);
    expect((await read('incident_rules', people.canaryA as Person)).status).toBe(403);
  });
});

/** Each view or function with its base table and the column both share. */
const THROUGH: [view: string, base: string, column: string][] = [
  ['playbook_names', 'playbooks', 'id'],
  ['check_names', 'checks', 'id'],
  ['check_summary_for_config', 'checks', 'id'],
  ['canaries_with_status', 'canaries', 'id'],
  ['topologies_with_status', 'topologies', 'id'],
  ['teams_with_status', 'teams', 'id'],
  ['config_scrapers_with_status', 'config_scrapers', 'id'],
  ['config_changes_items', 'config_changes', 'id'],
  ['permissions_summary', 'permissions', 'id'],
  ['identities', 'identities', 'id'],
  [`rpc/get_playbook_run_actions?run_id=${U.run}`, 'playbook_run_actions', 'id'],
  ['analysis_types', 'config_analysis', 'analysis_type'],
];

describe('a reader reads through a view only what it reads through the base table', () => {
  it.each(['admin', 'editor', 'guest', 'canaryA', 'configA'])('%s', async (name) => {
    const who = people[name] as Person;
    for (const [view, base, column] of THROUGH) {
      const through = await read(view, who);
      const direct = await read(`${base}?select=${column}`, who);
      expect([200, 403], `${view} → ${through.status}`).toContain(through.status);
      if (direct.status !== 200) {
        expect(through.status, `${view}: ${base} answers ${direct.status}`).not.toBe(200);
        continue;
      }
      const allowed = new Set(direct.rows.map((r) => r[column]));
      for (const row of through.rows) expect(allowed.has(row[column]), `${view} shows ${row[column]}`).toBe(true);
    }
  });

  it('scoped readers see only their rows, and no option list', async () => {
    const canaryReader = people.canaryA as Person;
    expect((await read('canaries_with_status?select=id', canaryReader)).rows).toEqual([{ id: U.canaryA }]);
    expect((await read('check_names?select=id', canaryReader)).rows).toEqual([{ id: U.checkA }]);
    expect((await read('check_summary_for_config?select=id', canaryReader)).rows).toEqual([{ id: U.checkA }]);
    expect((await read('checks_labels_keys', canaryReader)).status).toBe(403);
    const configReader = people.configA as Person;
    expect((await read('config_changes_items?select=config_id', configReader)).rows).toEqual([
      { config_id: U.configA },
    ]);
    expect((await read('analysis_types', configReader)).rows).toEqual([]);
    expect((await read('config_tags_labels_keys', configReader)).rows).toEqual([]);
  });

  it('a guest reads the console views but not identities or permissions_summary (they name secret kinds)', async () => {
    const guest = people.guest as Person;
    for (const view of ['playbook_names', 'canaries_with_status', 'config_changes_items', 'component_labels_keys'])
      expect((await read(view, guest)).status, view).toBe(200);
    expect((await read('identities', guest)).status).toBe(403);
    expect((await read('permissions_summary', guest)).status).toBe(403);
    expect((await read('permissions_summary', people.editor as Person)).status).toBe(200);
  });
});
