import { type ResourceKind, ROLES, type Role } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The matrix of spec 001 §6, written out independently of the implementation. */
function matrix(role: Role, kind: ResourceKind, access: 'read' | 'write'): boolean {
  const secret = ['connections', 'identities', 'rbac'].includes(kind);
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return access === 'read' ? true : !secret;
    case 'commander':
    case 'responder':
      return access === 'read' ? !secret : ['responder', 'incident', 'evidences', 'comments'].includes(kind);
    case 'viewer':
    case 'guest':
      return access === 'read' ? !secret : false;
  }
}

/** Who may do what beyond the matrix: rules of our own, each documented in docs/security.md. */
type Rule = (role: Role) => boolean;
const byMatrix =
  (kind: ResourceKind, access: 'read' | 'write'): Rule =>
  (role) =>
    matrix(role, kind, access);
const adminsOnly: Rule = (role) => role === 'admin';

/** One request a role makes: a real route or /api/db, with what the rules say it may do. */
interface Probe {
  resource: string;
  action: 'read' | 'create' | 'update' | 'delete';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  allowed: Rule;
  /** The answer an allowed role gets, where the probe pins it (otherwise: anything but 401, 403 and 5xx). */
  answers?: number;
}

const NO_ROW = '00000000-0000-4000-8000-000000000000';

/** Read, create, update and delete of a table through /api/db (matched to no row where filtered). */
function dataApi(table: string, kind: ResourceKind, key = 'id'): Probe[] {
  const filter = `${key}=eq.${NO_ROW}`;
  return [
    {
      resource: table,
      action: 'read',
      method: 'GET',
      path: `/api/db/${table}?limit=1`,
      allowed: byMatrix(kind, 'read'),
    },
    {
      resource: table,
      action: 'create',
      method: 'POST',
      path: `/api/db/${table}`,
      body: {},
      allowed: byMatrix(kind, 'write'),
    },
    {
      resource: table,
      action: 'update',
      method: 'PATCH',
      path: `/api/db/${table}?${filter}`,
      body: { [key]: NO_ROW },
      allowed: byMatrix(kind, 'write'),
    },
    {
      resource: table,
      action: 'delete',
      method: 'DELETE',
      path: `/api/db/${table}?${filter}`,
      allowed: byMatrix(kind, 'write'),
    },
  ];
}

/** The upstream console's named views, tables (migrations 0180, 0195) and function, each read like its base table's kind. */
const CONSOLE_VIEWS: readonly [resource: string, kind: ResourceKind][] = [
  ['playbook_names', 'playbooks'],
  ['rpc/get_playbook_run_actions', 'playbook_runs'],
  ['permissions_summary', 'rbac'],
  ['identities', 'identities'],
  ['check_names', 'canaries'],
  ['check_summary_for_config', 'canaries'],
  ['checks_labels_keys', 'canaries'],
  ['canaries_with_status', 'canaries'],
  ['topologies_with_status', 'topologies'],
  ['component_labels_keys', 'topologies'],
  ['teams_with_status', 'database'],
  ['config_scrapers_with_status', 'config_scrapers'],
  ['config_changes_items', 'database'],
  ['analysis_types', 'database'],
  ['config_tags_labels_keys', 'database'],
  ['incident_rules', 'incident'],
];

/** A read through /api/db of a read-only view (or a function, called for a run that does not exist). */
function viewRead(resource: string, kind: ResourceKind): Probe {
  const query = resource.startsWith('rpc/') ? `run_id=${NO_ROW}` : 'limit=1';
  return {
    resource,
    action: 'read',
    method: 'GET',
    path: `/api/db/${resource}?${query}`,
    allowed: byMatrix(kind, 'read'),
  };
}

/** A dedicated route: read the list, create with an empty body, update and delete a row that does not exist. */
function route(
  resource: string,
  base: string,
  rules: { read: Rule; write: Rule },
  verbs: { update?: 'PUT' | 'PATCH'; create?: string } = {},
): Probe[] {
  return [
    { resource, action: 'read', method: 'GET', path: base, allowed: rules.read },
    { resource, action: 'create', method: 'POST', path: verbs.create ?? base, body: {}, allowed: rules.write },
    {
      resource,
      action: 'update',
      method: verbs.update ?? 'PATCH',
      path: `${base}/${NO_ROW}`,
      body: {},
      allowed: rules.write,
    },
    { resource, action: 'delete', method: 'DELETE', path: `${base}/${NO_ROW}`, allowed: rules.write },
  ];
}

const matrixRules = (kind: ResourceKind) => ({ read: byMatrix(kind, 'read'), write: byMatrix(kind, 'write') });

const PROBES: Probe[] = [
  // the catalog and people (matrix kind "database")
  ...dataApi('config_items', 'database'),
  ...dataApi('saved_query', 'database'),
  // catalog queries and manual links (catalog/api)
  ...(['summary', 'changes'] as const).map(
    (what): Probe => ({
      resource: `catalog ${what}`,
      action: 'read',
      method: 'POST',
      path: `/api/catalog/${what}`,
      body: {},
      allowed: byMatrix('database', 'read'),
    }),
  ),
  {
    resource: 'config_relationships (manual link)',
    action: 'create',
    method: 'POST',
    path: `/api/catalog/${NO_ROW}/relationships`,
    body: { related_id: NO_ROW },
    allowed: byMatrix('database', 'write'),
  },
  {
    resource: 'config_relationships (manual link)',
    action: 'delete',
    method: 'DELETE',
    path: `/api/catalog/${NO_ROW}/relationships/${NO_ROW}`,
    allowed: byMatrix('database', 'write'),
  },
  {
    resource: 'config_types',
    action: 'read',
    method: 'GET',
    path: '/api/db/config_types?limit=1',
    allowed: byMatrix('database', 'read'),
  },
  {
    resource: 'related_configs_recursive',
    action: 'read',
    method: 'GET',
    path: `/api/db/rpc/related_configs_recursive?config_id=${NO_ROW}`,
    allowed: byMatrix('database', 'read'),
  },
  ...dataApi('teams', 'database'),
  ...dataApi('team_members', 'database', 'team_id'),
  // incidents and what hangs off them
  ...dataApi('incidents', 'incident'),
  ...dataApi('hypotheses', 'incident'),
  ...dataApi('evidences', 'evidences'),
  ...dataApi('comments', 'comments'),
  ...dataApi('responders', 'responder'),
  // incidents are resolved, not deleted: no DELETE route
  ...route('incidents', '/api/incidents', matrixRules('incident')).filter((p) => p.action !== 'delete'),
  {
    resource: 'comments',
    action: 'create',
    method: 'POST',
    path: `/api/incidents/${NO_ROW}/comments`,
    body: {},
    allowed: byMatrix('incident', 'write'),
  },
  // health
  ...dataApi('canaries', 'canaries'),
  ...route('canaries', '/api/canaries', matrixRules('canaries'), { update: 'PUT' }),
  ...route('config_scrapers', '/api/catalog/scrapers', matrixRules('config_scrapers'), { update: 'PUT' }),
  {
    resource: 'config_scrapers (one)',
    action: 'read',
    method: 'GET',
    path: `/api/catalog/scrapers/${NO_ROW}`,
    allowed: byMatrix('config_scrapers', 'read'),
    answers: 404,
  },
  {
    resource: 'config_scrapers (Run Now)',
    action: 'update',
    method: 'POST',
    path: `/api/catalog/scrapers/${NO_ROW}/run`,
    allowed: byMatrix('config_scrapers', 'write'),
    answers: 404,
  },
  {
    resource: 'checks',
    action: 'read',
    method: 'GET',
    path: '/api/db/checks?limit=1',
    allowed: byMatrix('canaries', 'read'),
  },
  ...dataApi('topologies', 'topologies'),
  // topology routes: the tree and snapshots read, Run Now writes
  {
    resource: 'topology tree',
    action: 'read',
    method: 'GET',
    path: '/api/canary/api/topology?depth=0',
    allowed: byMatrix('topologies', 'read'),
  },
  {
    resource: 'topology run',
    action: 'update',
    method: 'POST',
    path: `/api/canary/run/topology/${NO_ROW}`,
    allowed: byMatrix('topologies', 'write'),
  },
  ...dataApi('config_scrapers', 'config_scrapers'),
  ...dataApi('logging_backends', 'logging_backends'),
  // log search (issue 17): every route reads logging_backends
  ...(
    [
      ['GET', '/api/logs/backends', undefined, 200],
      ['POST', '/api/logs', { name: 'nope', query: {} }, 404],
      ['GET', '/api/logs/tail?name=nope', undefined, 404],
    ] as const
  ).map(
    ([method, path, body, answers]): Probe => ({
      answers,
      resource: `logs ${path}`,
      action: 'read',
      method,
      path,
      body,
      allowed: byMatrix('logging_backends', 'read'),
    }),
  ),
  ...dataApi('integrations', 'integrations'),
  ...dataApi('notifications', 'notifications'),
  ...dataApi('notification_silences', 'notifications'),
  ...route('notification rules', '/api/notification/rules', matrixRules('notifications'), { update: 'PUT' }).map(
    (probe) => (probe.action === 'read' ? { ...probe, path: '/api/notification/summary' } : probe),
  ),
  ...route('notification silences', '/api/notification/silence', matrixRules('notifications')).filter(
    (probe) => probe.action !== 'read',
  ),
  ...dataApi('playbooks', 'playbooks'),
  // artifact metadata: read under its run's or check's rule (every role reads both), written by no one (405)
  ...dataApi('artifacts', 'playbook_runs'),
  {
    resource: 'playbook list',
    action: 'read',
    method: 'GET',
    path: '/api/playbook/list',
    allowed: byMatrix('playbooks', 'read'),
  },
  {
    resource: 'playbook params',
    action: 'read',
    method: 'POST',
    path: `/api/playbook/${NO_ROW}/params`,
    body: { config_id: NO_ROW },
    allowed: byMatrix('playbooks', 'read'),
    answers: 404,
  },
  // one run's history, live log and artifacts: read on playbook_runs, a run not visible answers 404
  ...[
    `/api/playbook/run/${NO_ROW}/history`,
    `/api/playbook/run/${NO_ROW}/logs/stream`,
    `/api/playbook/run/${NO_ROW}/artifacts/${NO_ROW}`,
  ].map(
    (path): Probe => ({
      resource: `playbook run ${path.split('/')[5]}`,
      action: 'read',
      method: 'GET',
      path,
      allowed: byMatrix('playbook_runs', 'read'),
      answers: 404,
    }),
  ),
  {
    resource: 'playbook run',
    action: 'create',
    method: 'POST',
    path: '/api/playbook/run',
    body: { id: NO_ROW },
    allowed: byMatrix('playbook_runs', 'write'),
  },
  {
    resource: 'playbook approve',
    action: 'update',
    method: 'POST',
    path: `/api/playbook/run/approve/${NO_ROW}`,
    allowed: byMatrix('playbook_runs', 'write'),
  },
  {
    resource: 'playbook cancel',
    action: 'update',
    method: 'POST',
    path: `/api/playbook/run/cancel/${NO_ROW}`,
    allowed: byMatrix('playbook_runs', 'write'),
  },
  ...dataApi('properties', 'feature_flags', 'name'),
  ...route('properties', '/api/properties', matrixRules('feature_flags')),
  // agents and connections: the data API reads, the routes write
  {
    resource: 'agents_summary',
    action: 'read',
    method: 'GET',
    path: '/api/db/agents_summary?limit=1',
    allowed: byMatrix('agents', 'read'),
  },
  ...route('agents', '/api/agents', matrixRules('agents'), { create: '/api/agent/generate' }),
  {
    resource: 'connections_list',
    action: 'read',
    method: 'GET',
    path: '/api/db/connections_list?limit=1',
    allowed: byMatrix('connections', 'read'),
  },
  ...route('connections', '/api/connections', matrixRules('connections'), { update: 'PUT' }),
  // people, roles and permission rows: who grants access
  {
    resource: 'people',
    action: 'read',
    method: 'GET',
    path: '/api/db/people?limit=1',
    allowed: byMatrix('database', 'read'),
  },
  {
    resource: 'people_roles',
    action: 'read',
    method: 'GET',
    path: '/api/db/people_roles?limit=1',
    allowed: byMatrix('database', 'read'),
  },
  {
    resource: 'people (role)',
    action: 'update',
    method: 'POST',
    path: `/api/rbac/${NO_ROW}/update_role`,
    body: { role: 'viewer' },
    allowed: byMatrix('rbac', 'write'),
  },
  {
    resource: 'people',
    action: 'delete',
    method: 'DELETE',
    path: `/api/people/${NO_ROW}`,
    allowed: byMatrix('identities', 'write'),
  },
  {
    resource: 'people (update)',
    action: 'update',
    method: 'POST',
    path: '/api/people/update',
    body: { id: NO_ROW, name: 'Nobody' },
    allowed: byMatrix('identities', 'write'),
    answers: 404,
  },
  // issue 29: the upstream console's calls answered by their own routes
  {
    resource: 'canary checks API',
    action: 'read',
    method: 'GET',
    path: `/api/canary/api?check=${NO_ROW}`,
    allowed: byMatrix('canaries', 'read'),
    answers: 200,
  },
  {
    resource: 'resource search (checks)',
    action: 'read',
    method: 'POST',
    path: '/api/resources/search',
    body: { checks: [{ agent: 'all', search: 'x' }] },
    allowed: byMatrix('canaries', 'read'),
    answers: 200,
  },
  {
    resource: 'config query (refused by design)',
    action: 'read',
    method: 'GET',
    path: '/api/config/query?query=x',
    allowed: byMatrix('database', 'read'),
    answers: 400,
  },
  ...['/api/auth/whoami', '/api/schemas/config_kubernetes.schema.json', '/api/schemas/canary.spec.schema.json'].map(
    (path): Probe => ({ resource: path, action: 'read', method: 'GET', path, allowed: () => true, answers: 200 }),
  ),
  {
    resource: 'invites',
    action: 'create',
    method: 'POST',
    path: '/api/auth/invite_user',
    body: {},
    allowed: byMatrix('identities', 'write'),
  },
  ...route('permissions', '/api/permissions', {
    read: byMatrix('permissions', 'read'),
    write: byMatrix('rbac', 'write'),
  }),
  {
    resource: 'permissions',
    action: 'read',
    method: 'GET',
    path: '/api/db/permissions?limit=1',
    allowed: byMatrix('permissions', 'read'),
  },
  // writes through /api/db made by the dedicated route (rest/routed-writes.ts): the route's rule applies
  {
    resource: 'permissions',
    action: 'create',
    method: 'POST',
    path: '/api/db/permissions',
    body: {},
    allowed: byMatrix('rbac', 'write'),
  },
  {
    resource: 'agents',
    action: 'update',
    method: 'PATCH',
    path: `/api/db/agents?id=eq.${NO_ROW}`,
    body: { properties: {} },
    allowed: byMatrix('agents', 'write'),
  },
  { resource: 'audit_log', action: 'read', method: 'GET', path: '/api/db/audit_log?limit=1', allowed: adminsOnly },
  ...CONSOLE_VIEWS.map(([resource, kind]) => viewRead(resource, kind)),
];

const cases = ROLES.flatMap((role) =>
  PROBES.map((probe) => ({ ...probe, role, expected: probe.allowed(role) ? 'allowed' : 'refused' })),
);

/**
 * The full role matrix (spec 001 §6) through the real routes and /api/db, with a real session for every
 * role: a refused request answers 403; an allowed one passes the guard (its answer is then about the
 * request itself — a 400 for an empty body, a 404 for a missing row, a 405 for a table written elsewhere
 * — never 401, 403 or 5xx). Then the escalation and embed cases of issue 11 for every role.
 */
describe('role matrix (spec 001 §6) through real routes and /api/db', () => {
  let t: TestApp;
  const people = new Map<Role, { id: string; token: string }>();
  const who = (role: Role) => people.get(role) as { id: string; token: string }; // signed in for every role below

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) people.set(role, await signedInUser(t, { roles: [role] }));
  });
  afterAll(() => t.close());

  it(`has at least 250 role × resource × action cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
    expect(new Set(cases.map((c) => c.role))).toEqual(new Set(ROLES));
  });

  it('answers 401 without a session on every probe', async () => {
    for (const probe of PROBES) {
      const response = await apiCall(t.app, probe.method, probe.path, null, probe.body);
      expect(response.status, `${probe.method} ${probe.path}`).toBe(401);
    }
  });

  it.each(cases)('$role $action $resource ($method $path) → $expected', async (c) => {
    const response = await apiCall(t.app, c.method, c.path, who(c.role).token, c.body);
    const text = await response.text();
    if (c.expected === 'refused') {
      expect(response.status, text).toBe(403);
    } else {
      expect([401, 403], text).not.toContain(response.status);
      expect(response.status, text).toBeLessThan(500);
      if (c.answers !== undefined) expect(response.status, text).toBe(c.answers);
    }
  });

  const escalations = ROLES.flatMap((role) => [
    { role, what: 'grant itself everything through /api/db/permissions' },
    { role, what: 'soft-delete an admin through /api/db/people' },
    { role, what: 'rewrite the egress policy through /api/db/properties' },
  ]);

  it.each(escalations)('$role cannot $what', async ({ role, what }) => {
    const me = who(role);
    const admin = who('admin');
    if (what.includes('permissions')) {
      const res = await apiCall(t.app, 'POST', '/api/db/permissions', me.token, {
        object: '*',
        action: '*',
        person_id: me.id,
      });
      expect([403, 405]).toContain(res.status);
      expect((await t.database.pool.query('SELECT 1 FROM permissions WHERE person_id = $1', [me.id])).rowCount).toBe(0);
    } else if (what.includes('people')) {
      const res = await apiCall(t.app, 'PATCH', `/api/db/people?id=eq.${admin.id}`, me.token, {
        deleted_at: new Date().toISOString(),
      });
      expect([403, 405]).toContain(res.status);
      const { rows } = await t.database.pool.query('SELECT deleted_at FROM people WHERE id = $1', [admin.id]);
      expect(rows).toEqual([{ deleted_at: null }]);
    } else {
      const res = await apiCall(
        t.app,
        'POST',
        '/api/db/properties?on_conflict=name',
        me.token,
        {
          name: 'health.egress.policy',
          value: 'allow-all',
        },
        { prefer: 'resolution=merge-duplicates' },
      );
      expect(res.status).toBe(role === 'admin' ? 201 : 403);
      if (role === 'admin') {
        await t.database.pool.query("DELETE FROM properties WHERE name = 'health.egress.policy'");
      }
    }
  });

  const embeds = ROLES.flatMap((role) => [
    { role, select: 'permissions?select=id,connections(*)', allowed: matrix(role, 'connections', 'read') },
    { role, select: 'permissions?select=id,connections!inner(id)', allowed: matrix(role, 'connections', 'read') },
    {
      role,
      select: 'people?select=id,permissions!person_id(connections(url))',
      allowed: matrix(role, 'connections', 'read'),
    },
    { role, select: 'comments?select=id,incidents(*)', allowed: matrix(role, 'incident', 'read') },
    { role, select: 'audit_log?select=id&limit=1', allowed: role === 'admin' },
  ]);

  it.each(embeds)('$role reads $select → $allowed', async ({ role, select, allowed }) => {
    const res = await apiCall(t.app, 'GET', `/api/db/${select}`, who(role).token);
    expect(res.status, await res.text()).toBe(allowed ? 200 : 403);
  });

  it.each(ROLES)('%s with a deny row on incidents cannot read them embedded in comments', async (role) => {
    const denied = await signedInUser(t, { roles: [role] });
    await t.database.pool.query(
      "INSERT INTO permissions (object, action, deny, person_id) VALUES ('incident', 'read', true, $1)",
      [denied.id],
    );
    const res = await apiCall(t.app, 'GET', '/api/db/comments?select=id,incidents(*)', denied.token);
    expect(res.status).toBe(403);
  });
});
