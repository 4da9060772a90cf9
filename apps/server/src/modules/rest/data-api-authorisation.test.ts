import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 11 items 4 and 5 as found, through the real routes with real sessions: privilege escalation
 * through /api/db (permissions, people, security properties, team membership) and reads through
 * embedded resources (a refused table, a deny row, an expired row, a row scope, hidden columns).
 */
let t: TestApp;
type Person = { id: string; token: string };
let admin: Person;
let editor: Person;
let viewer: Person;

const call = (method: string, path: string, who: Person | null, body?: unknown) =>
  apiCall(t.app, method, path, who?.token ?? null, body, { prefer: 'return=representation' });
const sql = async <R = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as R[];
const one = async (text: string, values: unknown[] = []) => (await sql(text, values))[0];
const grant = (values: Record<string, unknown>) => {
  const columns = Object.keys(values);
  return sql(
    `INSERT INTO permissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  );
};
const answer = async (res: Response) => (await res.json()) as { code: string; message: string };
const person = async (roles: string[]) => signedInUser(t, { roles });

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(['admin']);
  editor = await person(['editor']);
  viewer = await person(['viewer']);
});
afterAll(() => t.close());

describe('escalation through /api/db (issue 11 item 4)', () => {
  it('an editor cannot write a permission row, through /api/db (made by the route) or the route', async () => {
    const row = { object: '*', action: '*', person_id: editor.id };
    const db = await call('POST', '/api/db/permissions', editor, row);
    expect(db.status).toBe(403);
    expect((await answer(db)).message).toBe('You do not have permission to write rbac');
    expect((await call('POST', '/api/permissions', editor, row)).status).toBe(403);
    // a write through /api/db names one row by id; a filtered bulk write is refused before any route runs
    for (const method of ['PATCH', 'DELETE']) {
      expect((await call(method, `/api/db/permissions?person_id=eq.${viewer.id}`, editor, { deny: true })).status).toBe(
        400,
      );
    }
    expect(await one('SELECT count(*)::int AS n FROM permissions WHERE person_id = $1', [editor.id])).toEqual({ n: 0 });
    expect((await call('GET', '/api/db/audit_log?limit=1', editor)).status).toBe(403);
  });

  it('an administrator writes permission rows through /api/db only under the route rules', async () => {
    const grant = { object: 'incident', action: 'read', person_id: viewer.id };
    expect((await call('POST', '/api/db/permissions', admin, grant)).status).toBe(201);
    const self = await call('POST', '/api/db/permissions', admin, { ...grant, person_id: admin.id });
    expect(self.status).toBe(403);
    expect(await one('SELECT count(*)::int AS n FROM permissions WHERE person_id = $1', [admin.id])).toEqual({ n: 0 });
  });

  it('nobody grants themselves: not an admin, not someone an admin gave rbac write', async () => {
    const self = await call('POST', '/api/permissions', admin, { object: '*', action: '*', person_id: admin.id });
    expect(self.status).toBe(403);
    const delegate = await person(['editor']);
    await grant({ object: 'rbac', action: '*', person_id: delegate.id });
    const raise = await call('POST', '/api/permissions', delegate, {
      object: '*',
      action: '*',
      person_id: delegate.id,
    });
    expect([raise.status, (await answer(raise)).message]).toEqual([
      403,
      'Nobody changes permissions that apply to themselves: ask another administrator',
    ]);
    const [deny] = await grant({ object: 'incident', action: 'read', deny: true, person_id: delegate.id });
    expect((await call('DELETE', `/api/permissions/${(deny as { id: string }).id}`, delegate)).status).toBe(403);
    const team = await call('POST', '/api/db/teams', admin, { name: 'delegates', created_by: admin.id });
    const [{ id: teamId }] = (await team.json()) as [{ id: string }];
    await sql('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [teamId, delegate.id]);
    const viaTeam = await call('POST', '/api/permissions', delegate, { object: '*', action: '*', team_id: teamId });
    expect(viaTeam.status).toBe(403);
    const forOther = await call('POST', '/api/permissions', delegate, {
      object: 'incident',
      action: 'read',
      person_id: viewer.id,
    });
    expect(forOther.status).toBe(201);
  });

  it('an editor cannot PATCH or DELETE people (the last admin included) through /api/db', async () => {
    for (const [method, body] of [
      ['PATCH', { deleted_at: new Date().toISOString(), email: 'x@example.com' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/db/people?id=eq.${admin.id}`, editor, body);
      expect(res.status).toBe(405);
      expect((await answer(res)).message).toContain('DELETE /api/people/{id}');
    }
    expect((await call('POST', '/api/db/people', editor, { name: 'Mallory', email: 'm@example.com' })).status).toBe(
      405,
    );
    expect(await one('SELECT deleted_at, email FROM people WHERE id = $1', [admin.id])).toMatchObject({
      deleted_at: null,
    });
    expect((await call('DELETE', `/api/people/${admin.id}`, editor)).status).toBe(403);
    expect((await call('POST', `/api/rbac/${editor.id}/update_role`, editor, { role: 'admin' })).status).toBe(403);
  });

  it('two admins demoting each other at once leave one admin (the last admin is kept)', async () => {
    const t1 = await person(['admin']);
    const t2 = await person(['admin']);
    // Only these two hold admin for this test: every other admin steps down first and comes back after.
    const others = (
      await sql<{ v0: string }>(`SELECT v0 FROM casbin_rule WHERE ptype = 'g' AND v1 = 'admin' AND NOT v0 = ANY($1)`, [
        [t1.id, t2.id],
      ])
    ).map((r) => r.v0);
    await sql(`UPDATE casbin_rule SET v1 = 'editor' WHERE ptype = 'g' AND v0 = ANY($1)`, [others]);
    try {
      const answers = await Promise.all([
        call('POST', `/api/rbac/${t2.id}/update_role`, t1, { role: 'viewer' }),
        call('POST', `/api/rbac/${t1.id}/update_role`, t2, { role: 'viewer' }),
      ]);
      const [first, second] = answers.map((r) => r.status).sort();
      // the later request is refused either as the last admin's demotion (409) or, when the earlier one
      // committed before its permission check, because its caller is no longer an admin (403)
      expect(first).toBe(200);
      expect([403, 409]).toContain(second);
      expect(await one(`SELECT count(*)::int AS n FROM casbin_rule WHERE ptype = 'g' AND v1 = 'admin'`)).toEqual({
        n: 1,
      });
    } finally {
      await sql(`UPDATE casbin_rule SET v1 = 'admin' WHERE ptype = 'g' AND v0 = ANY($1)`, [others]);
    }
  });

  it('an editor cannot rewrite the egress policy through /api/db/properties; an admin can; flags stay open', async () => {
    const policy = { name: 'health.egress.policy', value: 'allow-all' };
    const created = await call('POST', '/api/db/properties', editor, policy);
    expect([created.status, (await answer(created)).message]).toEqual([
      403,
      "Only an administrator may change the property 'health.egress.policy'",
    ]);
    expect((await call('POST', '/api/db/properties', admin, { ...policy, value: 'deny-private' })).status).toBe(201);
    for (const [method, path, body] of [
      ['PATCH', '/api/db/properties?name=eq.health.egress.policy', { value: 'allow-all' }],
      ['DELETE', '/api/db/properties?name=eq.health.egress.policy', undefined],
      ['PATCH', '/api/db/properties?name=eq.health.egress.policy', { name: 'renamed' }],
      ['POST', '/api/db/properties?on_conflict=name', { name: 'HEALTH.EGRESS.allow_list', value: '0.0.0.0/0' }],
    ] as const) {
      expect((await call(method, path, editor, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await call('PATCH', '/api/properties/health.egress.policy', editor, { value: 'allow-all' })).status).toBe(
      403,
    );
    expect(await one(`SELECT value FROM properties WHERE name = 'health.egress.policy'`)).toEqual({
      value: 'deny-private',
    });
    expect((await call('POST', '/api/db/properties', editor, { name: 'logs.disable', value: 'true' })).status).toBe(
      201,
    );
  });

  it('an editor cannot join a team that holds permission rows; other teams stay open', async () => {
    const make = async (name: string) => {
      const res = await call('POST', '/api/db/teams', editor, { name, created_by: editor.id });
      return ((await res.json()) as [{ id: string }])[0].id;
    };
    const powerful = await make('powerful');
    const plain = await make('plain');
    await grant({ team_id: powerful, object: '*', action: '*' });
    const join = await call('POST', '/api/db/team_members', editor, { team_id: powerful, person_id: editor.id });
    expect(join.status).toBe(403);
    const moveIn = await call('POST', '/api/db/team_members', editor, { team_id: plain, person_id: editor.id });
    expect(moveIn.status).toBe(201);
    const move = await call('PATCH', `/api/db/team_members?team_id=eq.${plain}&person_id=eq.${editor.id}`, editor, {
      team_id: powerful,
    });
    expect(move.status).toBe(403);
    expect(await sql('SELECT team_id FROM team_members WHERE person_id = $1', [editor.id])).toEqual([
      { team_id: plain },
    ]);
    expect(
      (await call('POST', '/api/db/team_members', admin, { team_id: powerful, person_id: (await person([])).id }))
        .status,
    ).toBe(201);
  });
});

describe('embedded resources are authorised like top-level reads (issue 11 item 5)', () => {
  let connectionId: string;
  let incidentId: string;

  beforeAll(async () => {
    const created = await call('POST', '/api/connections', admin, {
      name: 'orders-db',
      type: 'postgres',
      url: 'postgres://db.internal:5432/orders',
      username: 'orders',
      password: 'hunter2-very-secret',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    connectionId = ((await created.json()) as { id: string }).id;
    await grant({ connection_id: connectionId, action: 'read', person_id: admin.id });
    const incident = await call('POST', '/api/incidents', admin, {
      title: 'Checkout down',
      type: 'availability',
      severity: 'high',
    });
    expect(incident.status, await incident.clone().text()).toBe(201);
    incidentId = ((await incident.json()) as { id: string }).id;
    await sql('INSERT INTO comments (incident_id, comment, created_by) VALUES ($1, $2, $3)', [
      incidentId,
      'looking',
      admin.id,
    ]);
  });

  it('a viewer cannot read connections through permissions?select=connections(*), at any depth or form', async () => {
    for (const select of [
      'connections(*)',
      'id,connections(url)',
      'id,connections!inner(id)',
      'id,connections()',
      'id,person:people!person_id(id,permissions!person_id(connections(url)))',
    ]) {
      const res = await call('GET', `/api/db/permissions?select=${encodeURIComponent(select)}`, viewer);
      const text = await res.text();
      expect(res.status, `${select} ${text}`).toBe(403);
      expect(text).not.toContain('db.internal');
    }
    const reverse = await call('GET', '/api/db/connections?select=id,permissions(id)', viewer);
    expect(reverse.status).toBe(403);
    // a spread embed is authorised like any embed
    const spread = await call('GET', `/api/db/permissions?select=${encodeURIComponent('...connections(*)')}`, viewer);
    expect(spread.status).toBe(403);
    expect(await spread.text()).not.toContain('db.internal');
  });

  it('hidden columns are not readable through an embed, filter or order, not even by an admin', async () => {
    const star = await call('GET', '/api/db/permissions?select=id,connections(*)&connection_id=not.is.null', admin);
    expect(star.status).toBe(200);
    const text = await star.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/"password"|"username"/);
    for (const query of [
      'select=id,connections(password)',
      'select=id,connections!inner(id)&connections.password=like.*',
      'select=id,connections(id)&connections.order=username.asc',
    ]) {
      const res = await call('GET', `/api/db/permissions?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect((await answer(res)).code).toBe('42703');
    }
  });

  it('a deny row on incidents refuses comments?select=incidents(*) and every other path to incidents', async () => {
    const denied = await person(['viewer']);
    await grant({ object: 'incident', action: 'read', deny: true, person_id: denied.id });
    expect((await call('GET', '/api/db/comments?select=id', denied)).status).toBe(200);
    for (const select of [
      'id,incidents(*)',
      'id,incidents!inner(title)',
      'id,incidents()',
      'id,incident:incidents(title)',
    ]) {
      const res = await call('GET', `/api/db/comments?select=${encodeURIComponent(select)}`, denied);
      expect(res.status, select).toBe(403);
      expect(await res.text()).not.toContain('Checkout down');
    }
    const deep = await call('GET', '/api/db/people?select=id,comments(id,incidents(title))', denied);
    expect(deep.status).toBe(403);
    const representation = await call(
      'PATCH',
      `/api/db/comments?incident_id=eq.${incidentId}&select=id,incidents(title)`,
      editor,
      {
        comment: 'still looking',
      },
    );
    expect(representation.status).toBe(200);
    await grant({ object: 'incident', action: 'read', deny: true, person_id: editor.id });
    const refused = await call(
      'PATCH',
      `/api/db/comments?incident_id=eq.${incidentId}&select=id,incidents(title)`,
      editor,
      {
        comment: 'after the deny',
      },
    );
    expect(refused.status).toBe(403);
    expect(await one('SELECT comment FROM comments WHERE incident_id = $1', [incidentId])).toEqual({
      comment: 'still looking',
    });
  });

  it('an allow row past its until does not open an embed', async () => {
    const bare = await person([]);
    await grant({ object: 'comments', action: 'read', person_id: bare.id });
    await grant({ object: 'incident', action: 'read', person_id: bare.id, until: new Date(Date.now() - 1000) });
    expect((await call('GET', '/api/db/comments?select=id', bare)).status).toBe(200);
    expect((await call('GET', '/api/db/comments?select=id,incidents(title)', bare)).status).toBe(403);
  });

  it('a row scope limits the embedded rows exactly as it limits a top-level read', async () => {
    const ids: string[] = [];
    for (const name of ['config-a', 'config-b']) {
      const row = await one(
        `INSERT INTO config_items (config_class, type, name) VALUES ('Deployment', 'Kubernetes::Deployment', $1) RETURNING id`,
        [name],
      );
      ids.push(String(row?.id));
    }
    const canary = await one(`INSERT INTO canaries (name, spec) VALUES ('scoped', '{}') RETURNING id`);
    const check = await one(`INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'scoped') RETURNING id`, [
      canary?.id,
    ]);
    for (const configId of ids) {
      await sql('INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ($1, $2, $3)', [
        configId,
        check?.id,
        canary?.id,
      ]);
    }
    const scoped = await person([]);
    await grant({ object: 'canaries', action: 'read', person_id: scoped.id });
    await grant({ config_id: ids[0], action: 'read', person_id: scoped.id });
    const top = await call('GET', '/api/db/config_items?select=name', scoped);
    expect(await top.json()).toEqual([{ name: 'config-a' }]);
    const embedded = await call(
      'GET',
      `/api/db/check_config_relationships?check_id=eq.${check?.id}&select=config_id,config_items(name)&order=config_id`,
      scoped,
    );
    expect(embedded.status).toBe(200);
    const rows = (await embedded.json()) as { config_id: string; config_items: { name: string } | null }[];
    expect(rows.map((r) => r.config_items?.name ?? null).sort()).toEqual(['config-a', null].sort());
    const inner = await call(
      'GET',
      `/api/db/check_config_relationships?check_id=eq.${check?.id}&select=config_id,config_items!inner(name)`,
      scoped,
    );
    expect(await inner.json()).toEqual([{ config_id: ids[0], config_items: { name: 'config-a' } }]);
  });

  it('audit_log is for administrators only, directly and embedded', async () => {
    for (const who of [editor, viewer]) {
      expect((await call('GET', '/api/db/audit_log?limit=1', who)).status).toBe(403);
    }
    expect((await call('GET', '/api/db/audit_log?limit=1', admin)).status).toBe(200);
    expect((await call('POST', '/api/db/audit_log', admin, { action: 'x' })).status).toBe(405);
  });
});
