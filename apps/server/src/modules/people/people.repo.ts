import type { Database } from '@mc/db';
import { sql } from 'kysely';

type Db = Database['db'];

/** A person as the people service checks them before a change. */
export interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  roles: string[];
}

/** A live (not soft-deleted) person who is not a team, with their roles. */
export async function findPerson(db: Db, id: string): Promise<PersonRow | undefined> {
  const { rows } = await sql<PersonRow>`
    SELECT p.id, p.name, p.email,
      ARRAY(SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = p.id::text ORDER BY v1) AS roles
    FROM people p
    WHERE p.id = ${id} AND p.deleted_at IS NULL AND (p.type IS NULL OR p.type <> 'team')`.execute(db);
  return rows[0];
}

/**
 * Serialises every change that could remove an administrator until the transaction ends, so two
 * concurrent demotions or deletions cannot each see "another admin remains" and leave none.
 */
export async function lockAdminChanges(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('mc:admin-role-changes'))`.execute(db);
}

/** How many live people hold the admin role, leaving out `exceptId`. */
export async function countOtherAdmins(db: Db, exceptId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM casbin_rule c JOIN people p ON p.id::text = c.v0
    WHERE c.ptype = 'g' AND c.v1 = 'admin' AND p.deleted_at IS NULL AND p.id <> ${exceptId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Removes a person's access for good and soft-deletes their row: the identity goes (with its
 * credentials, addresses and sessions, by cascade), as do roles, API tokens, team memberships and
 * pending invites. The email is released so the address can be invited again; the row keeps the
 * name, so what they created still shows who did it.
 */
export async function deletePerson(db: Db, id: string): Promise<void> {
  await sql`DELETE FROM identities WHERE id = ${id}`.execute(db);
  await sql`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = ${id}::text`.execute(db);
  await sql`DELETE FROM access_tokens WHERE person_id = ${id}`.execute(db);
  await sql`DELETE FROM team_members WHERE person_id = ${id}`.execute(db);
  await sql`DELETE FROM invites WHERE person_id = ${id}`.execute(db);
  await sql`UPDATE people SET deleted_at = now(), email = NULL WHERE id = ${id}`.execute(db);
}

/** The account side of a person: identity traits and state (none for an invitation not yet accepted). */
export interface PersonAccount {
  avatar: string | null;
  traits: { email: string; name: { first: string; last: string } } | null;
  state: 'active' | 'inactive' | null;
}

/** A person's avatar and, when they have an identity, its traits and state. */
export async function findPersonAccount(db: Db, id: string): Promise<PersonAccount | undefined> {
  const { rows } = await sql<PersonAccount>`
    SELECT p.avatar, i.traits, i.state FROM people p LEFT JOIN identities i ON i.id = p.id
    WHERE p.id = ${id} AND p.deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Sets a person's display name and avatar, and the name in their identity's traits when they have one. */
export async function updatePersonProfile(
  db: Db,
  id: string,
  profile: { name: string; first: string; last: string; avatar: string | null },
): Promise<void> {
  await sql`UPDATE people SET name = ${profile.name}, avatar = ${profile.avatar}, updated_at = now() WHERE id = ${id}`.execute(
    db,
  );
  await sql`
    UPDATE identities SET traits = jsonb_set(traits, '{name}', ${JSON.stringify({ first: profile.first, last: profile.last })}::jsonb),
      updated_at = now()
    WHERE id = ${id}`.execute(db);
}

/** Activates or deactivates an identity; deactivating ends its sessions at once. */
export async function setAccountState(db: Db, id: string, state: 'active' | 'inactive'): Promise<void> {
  await sql`UPDATE identities SET state = ${state}, updated_at = now() WHERE id = ${id}`.execute(db);
  if (state === 'inactive') await sql`DELETE FROM sessions WHERE identity_id = ${id}`.execute(db);
}
