import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/request-context.js';
import { buildUser } from '../auth/testing/auth-factory.js';
import { createAccessControl } from './access-control.js';

const CONFIG_A = '0190a000-0000-7000-8000-00000000000a';
const CONFIG_B = '0190a000-0000-7000-8000-00000000000b';
const PLAYBOOK_A = '0190a000-0000-7000-8000-0000000000cc';
const PLAYBOOK_B = '0190a000-0000-7000-8000-0000000000cd';

describe('permission rows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const id of [CONFIG_A, CONFIG_B]) {
      await sql`INSERT INTO config_items (id, config_class, type, name) VALUES (${id}, 'Deployment', 'Kubernetes::Deployment', ${id})`.execute(
        database.db,
      );
    }
    for (const id of [PLAYBOOK_A, PLAYBOOK_B])
      await sql`INSERT INTO playbooks (id, name) VALUES (${id}, ${id})`.execute(database.db);
  });
  afterAll(() => database.close());

  const person = async (roles: string[]): Promise<Actor & { kind: 'person' }> => {
    const user = await buildUser(database, { roles });
    return { kind: 'person', id: user.id, roles };
  };
  const grant = (values: Record<string, unknown>) => {
    const columns = Object.keys(values);
    return sql`INSERT INTO permissions (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES (${sql.join(Object.values(values))})`.execute(
      database.db,
    );
  };
  /** A fresh access control per question, so no grants are cached across row changes. */
  const can = (actor: Actor, resource: Parameters<ReturnType<typeof createAccessControl>['check']>[1]) =>
    createAccessControl(database).check({ ...actor }, resource);

  it('a global allow row gives a viewer write on one kind only', async () => {
    const viewer = await person(['viewer']);
    expect(await can(viewer, { resource: 'playbooks', action: 'update' })).toBe(false);
    await grant({ person_id: viewer.id, object: 'playbooks', action: 'create,read,update,delete' });
    expect(await can(viewer, { resource: 'playbooks', action: 'update' })).toBe(true);
    expect(await can(viewer, { resource: 'incident', action: 'update' })).toBe(false);
  });

  it('deny wins over the role matrix and over allow rows', async () => {
    const admin = await person(['admin']);
    expect(await can(admin, { resource: 'connections', action: 'read' })).toBe(true);
    await grant({ person_id: admin.id, object: 'connection', action: '*' });
    await grant({ person_id: admin.id, object: 'connection', action: 'read', deny: true });
    expect(await can(admin, { resource: 'connections', action: 'read' })).toBe(false);
    expect(await can(admin, { resource: 'connections', action: 'update' })).toBe(true);
  });

  it('a row past its until no longer counts; one before it does', async () => {
    const guest = await person(['guest']);
    await grant({ person_id: guest.id, object: 'incident', action: 'update', until: new Date(Date.now() - 60_000) });
    expect(await can(guest, { resource: 'incident', action: 'update' })).toBe(false);
    await grant({ person_id: guest.id, object: 'incident', action: 'update', until: new Date(Date.now() + 60_000) });
    expect(await can(guest, { resource: 'incident', action: 'update' })).toBe(true);
    const denyExpired = await person(['editor']);
    await grant({
      person_id: denyExpired.id,
      object: 'playbooks',
      action: '*',
      deny: true,
      until: new Date(Date.now() - 1000),
    });
    expect(await can(denyExpired, { resource: 'playbooks', action: 'update' })).toBe(true);
  });

  it('a soft-deleted row no longer counts', async () => {
    const viewer = await person(['viewer']);
    await grant({ person_id: viewer.id, object: 'incident', action: 'update', deleted_at: new Date() });
    expect(await can(viewer, { resource: 'incident', action: 'update' })).toBe(false);
  });

  it('rows on a team apply to its members', async () => {
    const lead = await person(['admin']);
    const member = await person(['viewer']);
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO teams (name, created_by) VALUES ('sre', ${lead.id}) RETURNING id`.execute(database.db);
    const teamId = (rows[0] as { id: string }).id;
    await sql`INSERT INTO team_members (team_id, person_id) VALUES (${teamId}, ${member.id})`.execute(database.db);
    await grant({ team_id: teamId, object: 'canaries', action: 'update' });
    expect(await can(member, { resource: 'canaries', action: 'update' })).toBe(true);
    await sql`UPDATE teams SET deleted_at = now() WHERE id = ${teamId}`.execute(database.db);
    expect(await can(member, { resource: 'canaries', action: 'update' })).toBe(false);
  });

  it('a row naming one config scopes /api/db reads to that config, and routes on it', async () => {
    const guest = await person(['guest']);
    await sql`DELETE FROM casbin_rule WHERE v0 = ${guest.id}`.execute(database.db);
    const bare: Actor = { kind: 'person', id: guest.id, roles: [] };
    const policy = () => createAccessControl(database).dataAccess;
    expect((await policy()({ actor: bare, table: 'config_items', action: 'read' })).allow).toBe(false);
    await grant({ person_id: guest.id, config_id: CONFIG_A, action: 'read' });
    expect(await policy()({ actor: bare, table: 'config_items', action: 'read' })).toEqual({
      allow: true,
      rowScopes: [{ column: 'id', values: [CONFIG_A] }],
    });
    expect(await policy()({ actor: bare, table: 'config_changes', action: 'read' })).toEqual({
      allow: true,
      rowScopes: [{ column: 'config_id', values: [CONFIG_A] }],
    });
    expect((await policy()({ actor: bare, table: 'config_items', action: 'update' })).allow).toBe(false);
    expect(await can(bare, { resource: 'database', action: 'read', named: { field: 'config_id', id: CONFIG_A } })).toBe(
      true,
    );
    expect(await can(bare, { resource: 'database', action: 'read', named: { field: 'config_id', id: CONFIG_B } })).toBe(
      false,
    );
    expect(await can(bare, { resource: 'database', action: 'read' })).toBe(false);
  });

  it('a deny row naming one playbook refuses running that playbook while others stay allowed', async () => {
    const editor = await person(['editor']);
    const playbook = PLAYBOOK_A;
    await grant({ person_id: editor.id, playbook_id: playbook, action: 'playbook:run', deny: true });
    expect(
      await can(editor, {
        resource: 'playbooks',
        action: 'playbook:run',
        named: { field: 'playbook_id', id: playbook },
      }),
    ).toBe(false);
    expect(
      await can(editor, {
        resource: 'playbooks',
        action: 'playbook:run',
        named: { field: 'playbook_id', id: PLAYBOOK_B },
      }),
    ).toBe(true);
  });
});
