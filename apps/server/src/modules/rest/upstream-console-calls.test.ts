import { seedDemo } from '@mc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 29's compatibility suite for the upstream console (flanksource-ui): data API reads its
 * `src/api/services` send, written out here by hand with seeded ids, each asserting the status and the
 * keys the console reads from a row. A failing call here is a page of the upstream console that breaks.
 */
let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const AVATAR = 'id,name,avatar,email';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, {
    people: 3,
    teams: 1,
    canaries: 1,
    checks: 2,
    statusesPerCheck: 2,
    configs: 10,
    changes: 5,
    analysis: 3,
    configRelationships: 4,
    topologies: 1,
    components: 3,
    incidents: 1,
    comments: 1,
    playbooks: 1,
    playbookRuns: 1,
    notifications: 1,
    silences: 1,
    sendHistory: 2,
    jobHistory: 3,
    events: 1,
  });
  const one = async (text: string) => String((await t.database.pool.query(text)).rows[0]?.id ?? '');
  ids.component = await one('SELECT id FROM components ORDER BY id LIMIT 1');
  ids.config = await one('SELECT id FROM config_items ORDER BY id LIMIT 1');
  ids.incident = await one('SELECT id FROM incidents ORDER BY id LIMIT 1');
  ids.runAction = await one('SELECT id FROM playbook_run_actions ORDER BY id LIMIT 1');
  const artifact = await t.database.pool.query<{ id: string }>(
    `INSERT INTO artifacts (playbook_run_action_id, path, filename, size, content_type, checksum, content)
     VALUES ($1, 'out/report.txt', 'report.txt', 21, 'text/plain', 'sha', convert_to('console-artifact-body', 'UTF8'))
     RETURNING id`,
    [ids.runAction],
  );
  ids.artifact = artifact.rows[0]?.id ?? '';
  const team = await one('SELECT id FROM teams ORDER BY id LIMIT 1');
  // the component has a team (its owner) and a linked item with a change, so the tabs have rows
  await t.database.pool.query(
    'UPDATE components SET owner = (SELECT name FROM teams WHERE id = $1), config_id = $2 WHERE id = $3',
    [team, ids.config, ids.component],
  );
  await t.database.pool.query("INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'diff')", [ids.config]);
  await t.database.pool.query(
    "INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity) VALUES ($1, 'probe', 'security', 'high')",
    [ids.config],
  );
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
});
afterAll(() => t.close());

/** One console call: its path under /api/db and keys every answered row must carry. */
interface ConsoleCall {
  name: string;
  path: () => string;
  keys: readonly string[];
  /** The call finds at least one row on the seeded data. */
  rows?: boolean;
}

const CALLS: ConsoleCall[] = [
  {
    name: 'topology changes tab (changes_by_component with upstream column names, configs embed)',
    path: () =>
      `changes_by_component?component_id=eq.${ids.component}&select=id,type,config_id,name,change_type,config_class,created_at:configs(id,name,type,config_class)`,
    keys: ['id', 'type', 'config_id', 'name', 'change_type', 'config_class', 'created_at'],
    rows: true,
  },
  {
    name: 'topology teams (team_components, teams embed with its creator)',
    path: () => `team_components?component_id=eq.${ids.component}&select=*,team:teams(*,created_by(${AVATAR}))`,
    keys: ['team_id', 'component_id', 'team'],
    rows: true,
  },
  {
    name: 'catalog insights list (config_analysis_items with config:configs)',
    path: () =>
      'config_analysis_items?select=id,analysis_type,analyzer,summary,severity,status,source,first_observed,last_observed,config_name,config:configs(id,name,config_class,type)&limit=50',
    keys: ['id', 'analysis_type', 'config'],
    rows: true,
  },
  {
    name: 'catalog changes list (config_changes_items with config_names!inner)',
    path: () =>
      'config_changes_items?order=created_at.desc&limit=50&select=id,change_type,summary,source,created_at,config_id,config:config_names!inner(id,name,type)',
    keys: ['id', 'change_type', 'config'],
    rows: true,
  },
  {
    name: 'incident timeline (incident_histories, nested aliased embeds)',
    path: () =>
      `incident_histories?incident_id=eq.${ids.incident}&select=*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar)&order=created_at.desc`,
    keys: ['id', 'type', 'evidence', 'hypothesis', 'responder', 'comment', 'created_by'],
  },
  {
    name: 'agents list (agents_summary with created_by)',
    path: () => `agents_summary?select=*,created_by(${AVATAR})&order=created_at.desc`,
    keys: ['id', 'name', 'created_by'],
    rows: true,
  },
  { name: 'saved queries (saved_query)', path: () => 'saved_query', keys: ['id', 'query'] },
  {
    name: 'incident rules list (incident_rules with created_by)',
    path: () => `incident_rules?select=*,created_by(${AVATAR})&order=created_at.desc&deleted_at=is.null&limit=100`,
    keys: ['id', 'name', 'spec', 'created_by'],
  },
  {
    name: 'playbook picker (playbook_names)',
    path: () => 'playbook_names?select=id,name,namespace,title,icon,category,description&order=title.asc',
    keys: ['id', 'name', 'title'],
    rows: true,
  },
  {
    name: 'permissions list (permissions_summary, console filter convention)',
    path: () => 'permissions_summary?select=*&deleted_at=is.null&limit=50&offset=0&action.filter=!mcp:run',
    keys: ['id', 'action'],
  },
  { name: 'check picker (check_names)', path: () => 'check_names', keys: ['id', 'name'], rows: true },
  {
    name: 'job history (job_histories, console filter)',
    path: () => 'job_histories?&select=*&limit=50&status.filter=!SUCCESS',
    keys: ['id', 'name', 'status'],
  },
  {
    name: 'checks of an item (check_summary_for_config)',
    path: () => `check_summary_for_config?config_id=eq.${ids.config}`,
    keys: ['id', 'name'],
  },
  { name: 'analysis types (analysis_types)', path: () => 'analysis_types', keys: ['analysis_type'], rows: true },
  { name: 'people with roles (people_roles)', path: () => 'people_roles?order=name.asc', keys: ['id', 'name'] },
  // found walking flanksource-ui v1.0.871 in Chromium (docs/data-api.md, "The upstream console itself")
  {
    name: 'topology insights tab (analysis_by_component with upstream columns, configs → config_analysis)',
    path: () =>
      `analysis_by_component?component_id=eq.${ids.component}&select=analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(id,analyzer,analysis_type,message,severity,analysis,first_observed))`,
    keys: ['analysis_id', 'config'],
    rows: true,
  },
  {
    name: 'incident timeline as the console sends it (one `)` too many at the end, ignored as PostgREST does)',
    path: () =>
      `incident_histories?incident_id=eq.${ids.incident}&select=*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar))&order=created_at.desc`,
    keys: ['id', 'type', 'evidence', 'created_by'],
  },
];

describe('the upstream console’s data API calls answer as it reads them', () => {
  it.each(CALLS)('$name', async ({ path, keys, rows }) => {
    const res = await apiCall(t.app, 'GET', `/api/db/${path()}`, admin);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const answer = JSON.parse(text) as Record<string, unknown>[];
    if (rows) expect(answer.length, 'rows on the seeded data').toBeGreaterThan(0);
    for (const row of answer) for (const key of keys) expect(row, key).toHaveProperty(key);
  });
});

describe('the upstream console’s service calls answer as it reads them', () => {
  it('catalog summary with the console’s body (analysis.since, cost)', async () => {
    const res = await apiCall(t.app, 'POST', '/api/catalog/summary', admin, {
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const key of ['type', 'count', 'health', 'analysis', 'cost_30d']) expect(row).toHaveProperty(key);
  });
});

describe('the run page’s action with its artifacts (issue 29: artifact metadata under the run’s read rule)', () => {
  it('answers the action and its artifact list, never the content; the select past the embed is ignored as PostgREST does', async () => {
    const res = await apiCall(
      t.app,
      'GET',
      `/api/db/playbook_run_actions?id=eq.${ids.runAction}&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)`,
      admin,
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain('console-artifact-body');
    const [row] = JSON.parse(text) as { id: string; artifacts: Record<string, unknown>[] }[];
    expect(row).toMatchObject({ id: ids.runAction, status: expect.any(String) });
    expect(row).not.toHaveProperty('playbook_run');
    expect(row?.artifacts).toEqual([
      expect.objectContaining({
        id: ids.artifact,
        playbook_run_action_id: ids.runAction,
        path: 'out/report.txt',
        filename: 'report.txt',
        size: 21,
        content_type: 'text/plain',
        checksum: 'sha',
      }),
    ]);
    expect(row?.artifacts[0]).not.toHaveProperty('content');
  });
});

describe('the run page’s artifact tab: GET /api/artifacts/download/{id} (found walking the console again)', () => {
  const who: Record<string, string> = {};
  const download = (id: string, token: string | null) => apiCall(t.app, 'GET', `/api/artifacts/download/${id}`, token);

  beforeAll(async () => {
    const one = async (text: string, values: unknown[] = []) =>
      String((await t.database.pool.query(text, values)).rows[0]?.id ?? '');
    ids.run = await one('SELECT playbook_run_id AS id FROM playbook_run_actions WHERE id = $1', [ids.runAction]);
    ids.check = await one('SELECT id FROM checks ORDER BY id LIMIT 1');
    ids.checkArtifact = await one(
      `INSERT INTO artifacts (check_id, path, filename, size, content_type, checksum, content)
       VALUES ($1, 'stdout', 'stdout', 17, 'text/plain', 'sum', convert_to('check-stdout-body', 'UTF8')) RETURNING id`,
      [ids.check],
    );
    const viewer = await signedInUser(t, { roles: ['viewer'] });
    await t.database.pool.query(
      "INSERT INTO permissions (person_id, object, action, deny) VALUES ($1, 'playbook_runs', 'read', true)",
      [viewer.id],
    );
    who.viewerNoRuns = viewer.token;
    who.bare = (await signedInUser(t, { roles: [] })).token;
  });

  it('redirects to the run’s download route, which sends the file', async () => {
    const res = await download(ids.artifact ?? '', admin);
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(`/api/playbook/run/${ids.run}/artifacts/${ids.artifact}`);
    const file = await apiCall(t.app, 'GET', location, admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(await file.text()).toBe('console-artifact-body');
  });

  it('redirects a check’s artifact to the check’s download route', async () => {
    const res = await download(ids.checkArtifact ?? '', admin);
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(`/api/checks/${ids.check}/artifacts/${ids.checkArtifact}`);
    expect(await (await apiCall(t.app, 'GET', location, admin)).text()).toBe('check-stdout-body');
  });

  it('answers 401 without a session, 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await download(ids.artifact ?? '', null)).status).toBe(401);
    const bad = await download('not-a-uuid', admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('is not a valid id');
    expect((await download('01a24cdd-0000-0000-0000-000000000000', admin)).status).toBe(404);
  });

  it('hides an artifact of a run the caller may not read (404, the run never named) and refuses one who reads neither', async () => {
    const hidden = await download(ids.artifact ?? '', who.viewerNoRuns ?? '');
    const text = await hidden.text();
    expect(hidden.status, text).toBe(404);
    expect(text).not.toContain(ids.run ?? '');
    expect((await download(ids.checkArtifact ?? '', who.viewerNoRuns ?? '')).status).toBe(303);
    expect((await download(ids.artifact ?? '', who.bare ?? '')).status).toBe(403);
  });
});
