import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A permission row as the authorisation function reads it. */
export interface PermissionRuleRow {
  id: string;
  action: string;
  deny: boolean;
  object: string | null;
  config_id: string | null;
  component_id: string | null;
  canary_id: string | null;
  playbook_id: string | null;
  connection_id: string | null;
  check_id: string | null;
}

/** What the authorisation function knows about a person: roles, teams, live permission rows. */
export interface Grants {
  roles: string[];
  teamIds: string[];
  rules: PermissionRuleRow[];
}

/** The grant columns as a person's row of the authentication query returns them. */
export interface GrantColumns {
  roles: string[] | null;
  team_ids: string[] | null;
  rules: PermissionRuleRow[] | null;
}

/**
 * The select-list columns `roles`, `team_ids` and `rules` of the person whose id `person` yields: roles
 * from casbin_rule, memberships of live teams, and the live permission rows of the person and those teams
 * (rows past their `until` or soft-deleted, and rows of soft-deleted teams, are left out). A fragment, so the authentication read path can
 * fetch session, identity and grants in one statement.
 */
export function grantColumns(person: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
      ARRAY(SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = (${person})::text ORDER BY v1) AS roles,
      ARRAY(SELECT tm.team_id::text FROM team_members tm JOIN teams t ON t.id = tm.team_id AND t.deleted_at IS NULL
        WHERE tm.person_id = ${person}) AS team_ids,
      (SELECT json_agg(json_build_object('id', p.id, 'action', p.action, 'deny', p.deny, 'object', p.object,
          'config_id', p.config_id, 'component_id', p.component_id, 'canary_id', p.canary_id, 'playbook_id', p.playbook_id,
          'connection_id', p.connection_id, 'check_id', p.check_id))
        FROM permissions p
        WHERE p.deleted_at IS NULL AND (p.until IS NULL OR p.until > now())
          AND (p.person_id = ${person} OR p.team_id IN (SELECT tm.team_id FROM team_members tm
            JOIN teams t ON t.id = tm.team_id AND t.deleted_at IS NULL WHERE tm.person_id = ${person}))) AS rules`;
}

/** Grants from the columns of {@link grantColumns}. */
export function grantsFromColumns(row: GrantColumns | undefined): Grants {
  return { roles: row?.roles ?? [], teamIds: row?.team_ids ?? [], rules: row?.rules ?? [] };
}

/** Reads roles, team memberships and the live permission rows of a person in one round trip. */
export async function loadGrants(db: Db, personId: string): Promise<Grants> {
  const { rows } = await sql<GrantColumns>`SELECT ${grantColumns(sql`${personId}::uuid`)}`.execute(db);
  return grantsFromColumns(rows[0]);
}

/** The roles of a person. */
export async function listRoles(db: Db, personId: string): Promise<string[]> {
  const { rows } = await sql<{
    v1: string;
  }>`SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = ${personId} ORDER BY v1`.execute(db);
  return rows.map((r) => r.v1);
}

/** Replaces the roles of a person with `roles`. */
export async function setRoles(db: Db, personId: string, roles: readonly string[]): Promise<void> {
  await sql`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = ${personId}`.execute(db);
  for (const role of roles) {
    await sql`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', ${personId}, ${role}) ON CONFLICT DO NOTHING`.execute(
      db,
    );
  }
}
