import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type GrantColumns, type Grants, grantsFromColumns } from './grants.js';

type Db = Kysely<Tables>;

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

/**
 * Takes, per team, the transaction-scoped advisory lock that serialises membership changes with
 * permission-row changes of that team; teams in a fixed order, so two writers never wait on each other.
 */
export async function lockTeams(db: Db, teamIds: readonly string[]): Promise<void> {
  for (const id of [...teamIds].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`mc:team-grants:${id}`}))`.execute(db);
  }
}

/** How many live permission rows the teams hold. */
export async function countTeamPermissionRows(db: Db, teamIds: readonly string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM permissions
    WHERE team_id = ANY(${[...teamIds]}::uuid[]) AND deleted_at IS NULL`.execute(db);
  return rows[0]?.n ?? 0;
}
