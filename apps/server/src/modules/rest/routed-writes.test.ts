import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 29 class 5: the upstream console writes permissions and agents through `/api/db`; each write is
 * made by the dedicated route (its permission, validation, self-grant rule, audit), as the console
 * sends it, and anything the route would not honour is a 4xx naming it.
 */
let t: TestApp;
type Person = { id: string; token: string };
let admin: Person;
let editor: Person;
let other: Person;
const REPR = { prefer: 'return=representation' };
const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const json = async (res: Response) => (await res.json()) as Record<string, unknown> & { message?: string };
const rowsOf = async (res: Response) => (await res.json()) as Record<string, unknown>[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  editor = await signedInUser(t, { roles: ['editor'] });
  other = await signedInUser(t, { roles: ['viewer'] });
});
afterAll(() => t.close());

/** A permission as the upstream console's form posts it: subject + subject_type, created_by the caller. */
const upstreamForm = (who: Person, subject: string) => ({
  action: 'read',
  object: 'catalog',
  subject,
  subject_type: 'person',
  description: 'catalog readers',
  deny: false,
  created_by: who.id,
});

describe('permissions through /api/db are made by /api/permissions', () => {
  let id = '';

  it('POST takes effect with the route rules and its audit row', async () => {
    const res = await apiCall(t.app, 'POST', '/api/db/permissions', admin.token, upstreamForm(admin, other.id), REPR);
    expect(res.status).toBe(201);
    const [row] = await rowsOf(res);
    expect(row).toMatchObject({ action: 'read', object: 'catalog', person_id: other.id, source: 'UI' });
    id = String(row?.id);
    const audit = await sql("SELECT action FROM audit_log WHERE target = 'permissions' AND $1 = ANY (target_ids)", [
      id,
    ]);
    expect(audit.rows).toEqual([{ action: 'create' }]);
  });

  it('needs the route permission (rbac write), not the table kind', async () => {
    const res = await apiCall(t.app, 'POST', '/api/db/permissions', editor.token, upstreamForm(editor, other.id));
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ code: '42501', message: 'You do not have permission to write rbac' });
  });

  it('refuses what the route refuses: a grant to oneself, an unknown resource, a subject kind it lacks', async () => {
    const self = await apiCall(t.app, 'POST', '/api/db/permissions', admin.token, upstreamForm(admin, admin.id));
    expect(self.status).toBe(403);
    expect((await json(self)).message).toMatch(/^Nobody changes permissions that apply to themselves/);
    const unknown = { ...upstreamForm(admin, other.id), object: 'spaceships' };
    const bad = await apiCall(t.app, 'POST', '/api/db/permissions', admin.token, unknown);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('Unknown resource: spaceships');
    const group = { ...upstreamForm(admin, 'ops'), subject_type: 'group' };
    const refused = await apiCall(t.app, 'POST', '/api/db/permissions', admin.token, group);
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toMatch(/subject_type 'group' is not granted to here/);
  });

  it('PATCH of the whole row (as the console sends it) changes what changed; a recheck re-validates through the route', async () => {
    const [stored] = await rowsOf(await apiCall(t.app, 'GET', `/api/db/permissions?id=eq.${id}`, admin.token));
    const body = { ...stored, description: 'catalog readers (edited)', updated_by: admin.id };
    const res = await apiCall(t.app, 'PATCH', `/api/db/permissions?id=eq.${id}`, admin.token, body, REPR);
    expect(res.status).toBe(200);
    expect(await rowsOf(res)).toMatchObject([{ id, description: 'catalog readers (edited)', action: 'read' }]);
    const recheck = await apiCall(t.app, 'PATCH', `/api/db/permissions?id=eq.${id}`, admin.token, { error: null });
    expect(recheck.status).toBe(204);
  });

  it('a column the route sets is refused by name when changed, and other filters are refused', async () => {
    const source = await apiCall(t.app, 'PATCH', `/api/db/permissions?id=eq.${id}`, admin.token, { source: 'x' });
    expect(source.status).toBe(400);
    expect((await json(source)).message).toMatch(/^Column 'source' of permissions is not written through \/api\/db/);
    const many = await apiCall(t.app, 'PATCH', '/api/db/permissions?action=eq.read', admin.token, { deny: true });
    expect(many.status).toBe(400);
    expect((await json(many)).message).toMatch(/name one row by id=eq.<id>/);
    const columns = await apiCall(t.app, 'POST', '/api/db/permissions?columns=action', admin.token, { action: 'read' });
    expect(columns.status).toBe(400);
    expect((await json(columns)).message).toMatch(/\(got 'columns'\)/);
  });

  it('PATCH deleted_at and DELETE soft-delete through the route', async () => {
    const soft = await apiCall(t.app, 'PATCH', `/api/db/permissions?id=eq.${id}`, admin.token, { deleted_at: 'now()' });
    expect(soft.status).toBe(204);
    expect((await sql('SELECT deleted_at IS NOT NULL AS gone FROM permissions WHERE id = $1', [id])).rows).toEqual([
      { gone: true },
    ]);
    const created = await apiCall(
      t.app,
      'POST',
      '/api/db/permissions',
      admin.token,
      upstreamForm(admin, other.id),
      REPR,
    );
    const second = String((await rowsOf(created))[0]?.id);
    expect((await apiCall(t.app, 'DELETE', `/api/db/permissions?id=eq.${second}`, admin.token)).status).toBe(204);
    const audit = await sql("SELECT action FROM audit_log WHERE target = 'permissions' AND action = 'delete'");
    expect(audit.rows).toHaveLength(2);
  });
});

describe('agents through /api/db are made by /api/agents/{id}', () => {
  let agent = '';
  beforeAll(async () => {
    const res = await sql("INSERT INTO agents (name, properties) VALUES ('edge', '{}') RETURNING id");
    agent = String(res.rows[0].id);
  });

  it('PATCH properties takes effect; a guest is refused by the route', async () => {
    const body = { properties: { region: 'eu' } };
    const res = await apiCall(t.app, 'PATCH', `/api/db/agents?id=eq.${agent}`, admin.token, body, REPR);
    expect(res.status).toBe(200);
    expect(await rowsOf(res)).toMatchObject([{ id: agent, properties: { region: 'eu' } }]);
    const guest = await signedInUser(t, { roles: ['guest'] });
    expect((await apiCall(t.app, 'PATCH', `/api/db/agents?id=eq.${agent}`, guest.token, body)).status).toBe(403);
  });

  it('POST names the route that issues the token; an unknown column is refused by name', async () => {
    const post = await apiCall(t.app, 'POST', '/api/db/agents', admin.token, { name: 'x' });
    expect(post.status).toBe(405);
    expect((await json(post)).message).toMatch(/POST \/api\/agent\/generate/);
    const name = await apiCall(t.app, 'PATCH', `/api/db/agents?id=eq.${agent}`, admin.token, { name: 'renamed' });
    expect(name.status).toBe(400);
    expect((await json(name)).message).toMatch(/^Column 'name' of agents/);
  });

  it('PATCH deleted_at with cleanup deletes through the route', async () => {
    const body = { deleted_at: 'now()', cleanup: true };
    const res = await apiCall(t.app, 'PATCH', `/api/db/agents?id=eq.${agent}`, admin.token, body, REPR);
    expect(res.status).toBe(200);
    expect((await rowsOf(res))[0]?.deleted_at).toBeTruthy();
    const audit = await sql("SELECT action FROM audit_log WHERE target = 'agents' AND $1 = ANY (target_ids)", [agent]);
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['delete', 'update']);
  });
});
