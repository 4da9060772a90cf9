import { RESOURCE_KINDS, type ResourceKind, ROLES, type Role } from '@mc/contracts';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import type { Actor } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { apiSignIn, buildUser } from '../auth/testing/auth-factory.js';
import { registerModules } from '../register-modules.js';
import { EXPOSED_TABLES } from '../rest/exposed-resources.js';
import { createAccessControl } from './access-control.js';
import { loadGrants } from './rbac.repo.js';

/** The matrix of spec 001 §6, written out independently of the implementation. */
function expected(role: Role, kind: ResourceKind, access: 'read' | 'write'): boolean {
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

/** One data-API table per matrix kind. */
const TABLE_OF: Record<ResourceKind, string> = {
  database: 'config_items',
  rbac: 'casbin_rule',
  auth: 'invites',
  responder: 'responders',
  incident: 'incidents',
  evidences: 'evidences',
  comments: 'comments',
  canaries: 'canaries',
  topologies: 'topologies',
  config_scrapers: 'config_scrapers',
  identities: 'identities',
  connections: 'connections',
  kratos: 'selfservice_errors',
  agents: 'agents',
  feature_flags: 'properties',
  logging_backends: 'logging_backends',
  integrations: 'integrations',
  notifications: 'notifications',
  playbooks: 'playbooks',
  playbook_runs: 'playbook_runs',
  permissions: 'permissions',
};

const cases = ROLES.flatMap((role) =>
  RESOURCE_KINDS.flatMap((kind) =>
    (['read', 'write'] as const).map((access) => ({ role, kind, access, allowed: expected(role, kind, access) })),
  ),
);

/** The key column a probe DELETE filters on (it matches no row, so an allowed write changes nothing). */
const KEY_OF: Partial<Record<string, string>> = { properties: 'name' };
const NO_ROW = '00000000-0000-4000-8000-000000000000';

/** The cases whose table the data API serves over HTTP (reads; writes only where the table is writable). */
const httpCases = cases.filter(({ kind, access }) => {
  const exposed = EXPOSED_TABLES[TABLE_OF[kind]];
  return exposed !== undefined && (access === 'read' || exposed.writable);
});

describe('role matrix (spec 001 §6)', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const tokens = new Map<Role, string>();
  const actors = new Map<Role, Actor>();
  let access: ReturnType<typeof createAccessControl>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({});
    const logger = createLogger('error', {}, () => {});
    const deps = { config, database, logger, version: 'test' };
    app = createApp({
      ...deps,
      registerModules: (router) => {
        registerModules(router, deps);
        for (const kind of RESOURCE_KINDS) {
          router.get(`/api/probe/${kind}`, requirePermission(kind, 'read'), (c) => c.json({ ok: true }));
          router.post(`/api/probe/${kind}`, requirePermission(kind, 'write'), (c) => c.json({ ok: true }));
        }
      },
    });
    access = createAccessControl(database);
    for (const role of ROLES) {
      const user = await buildUser(database, { roles: [role] });
      tokens.set(role, await apiSignIn(app, user.email, user.password));
      actors.set(role, { kind: 'person', id: user.id, roles: (await loadGrants(database.db, user.id)).roles });
    }
  });
  afterAll(() => database.close());

  it(`covers every role × kind × read/write (${cases.length} cases)`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
  });

  it('answers 401 on a guarded route without a session', async () => {
    const response = await app.request('/api/probe/incident');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
  });

  it.each(cases)('API route: $role $access $kind → $allowed', async ({ role, kind, access: rw, allowed }) => {
    const response = await app.request(`/api/probe/${kind}`, {
      method: rw === 'read' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${tokens.get(role)}` },
    });
    expect(response.status).toBe(allowed ? 200 : 403);
  });

  it.each(cases)('/api/db policy: $role $access $kind → $allowed', async ({ role, kind, access: rw, allowed }) => {
    const actor = actors.get(role) as Actor; // set for every role in beforeAll
    for (const action of rw === 'read' ? (['read'] as const) : (['create', 'update', 'delete'] as const)) {
      const decision = await access.dataAccess({ actor, table: TABLE_OF[kind], action });
      expect(decision.allow).toBe(allowed);
    }
  });

  it(`/api/db over HTTP covers every served table (${httpCases.length} cases)`, () => {
    expect(httpCases.length).toBeGreaterThanOrEqual(190);
  });

  it.each(httpCases)('/api/db HTTP: $role $access $kind → $allowed', async ({ role, kind, access: rw, allowed }) => {
    const table = TABLE_OF[kind];
    const path = rw === 'read' ? `/api/db/${table}?limit=1` : `/api/db/${table}?${KEY_OF[table] ?? 'id'}=eq.${NO_ROW}`;
    const response = await app.request(path, {
      method: rw === 'read' ? 'GET' : 'DELETE',
      headers: { authorization: `Bearer ${tokens.get(role)}` },
    });
    if (allowed) expect(response.status, await response.text()).toBeLessThan(300);
    else expect(response.status).toBe(403);
  });

  it('never serves credential, session or flow tables, not even to admins', async () => {
    const admin = actors.get('admin') as Actor; // set in beforeAll
    for (const table of [
      'identity_credentials',
      'sessions',
      'selfservice_flows',
      'selfservice_codes',
      'access_tokens',
    ]) {
      expect(await access.dataAccess({ actor: admin, table, action: 'read' })).toMatchObject({
        allow: false,
        status: 403,
      });
    }
    expect(await access.dataAccess({ actor: { kind: 'anonymous' }, table: 'incidents', action: 'read' })).toMatchObject(
      {
        allow: false,
        status: 401,
      },
    );
  });

  /** Permission rows on top of each role: a live deny refuses, an expired one does not; an allow row with until. */
  const rowCases = ROLES.flatMap((role) => [
    { role, row: 'deny', until: 'live', allowed: false },
    { role, row: 'deny', until: 'expired', allowed: expected(role, 'incident', 'read') },
    { role, row: 'allow write', until: 'live', allowed: true },
    { role, row: 'allow write', until: 'expired', allowed: expected(role, 'playbooks', 'write') },
  ]);

  it.each(rowCases)('rows: $role with a $until $row row → $allowed on the route and on /api/db', async (c) => {
    const user = await buildUser(database, { roles: [c.role] });
    const until = c.until === 'live' ? new Date(Date.now() + 3_600_000) : new Date(Date.now() - 1000);
    const deny = c.row === 'deny';
    await database.pool.query(
      'INSERT INTO permissions (action, object, person_id, deny, until) VALUES ($1, $2, $3, $4, $5)',
      [deny ? 'read' : 'create,read,update,delete', deny ? 'incident' : 'playbooks', user.id, deny, until],
    );
    const token = await apiSignIn(app, user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    const route = deny
      ? await app.request('/api/probe/incident', { headers })
      : await app.request('/api/probe/playbooks', { method: 'POST', headers });
    expect(route.status).toBe(c.allowed ? 200 : 403);
    const db = deny
      ? await app.request('/api/db/incidents?limit=1', { headers })
      : await app.request(`/api/db/playbooks?id=eq.${NO_ROW}`, { method: 'DELETE', headers });
    if (c.allowed) expect(db.status).toBeLessThan(300);
    else expect(db.status).toBe(403);
  });
});
