import { sql } from 'kysely';
import type { Db } from './identity.repo.js';

/** A live invitation: the person row it was made for, the invited address and role. */
export interface LiveInvite {
  person_id: string;
  email: string;
  role: string;
}

/**
 * Stores a person's invitation under the hash of its token; earlier pending invitations of the
 * person are withdrawn, so only the newest link works.
 */
export async function replacePendingInvite(
  db: Db,
  values: { personId: string; email: string; role: string; createdBy: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await sql`DELETE FROM invites WHERE person_id = ${values.personId} AND accepted_at IS NULL`.execute(db);
  await sql`
    INSERT INTO invites (person_id, email, role, created_by, token_hash, expires_at)
    VALUES (${values.personId}, ${values.email}, ${values.role}, ${values.createdBy}, ${values.tokenHash}, ${values.expiresAt})`.execute(
    db,
  );
}

/** The live (unused, unexpired) invitation of a token hash, whose person has no identity yet. */
export async function findLiveInvite(db: Db, tokenHash: string): Promise<LiveInvite | undefined> {
  const { rows } = await sql<LiveInvite>`
    SELECT i.person_id, i.email, i.role FROM invites i JOIN people p ON p.id = i.person_id AND p.deleted_at IS NULL
    WHERE i.token_hash = ${tokenHash} AND i.accepted_at IS NULL AND i.expires_at > now()
      AND NOT EXISTS (SELECT 1 FROM identities x WHERE x.id = i.person_id)`.execute(db);
  return rows[0];
}

/**
 * Uses the invitation of a token hash, once: a single UPDATE, so of two registrations racing with
 * one link exactly one gets the row (the other waits for the first to commit and then finds it used).
 */
export async function acceptInviteByToken(db: Db, tokenHash: string): Promise<LiveInvite | undefined> {
  const { rows } = await sql<LiveInvite>`
    UPDATE invites SET accepted_at = now()
    WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND expires_at > now()
    RETURNING person_id, email, role`.execute(db);
  return rows[0];
}

/**
 * Uses the pending invitation of a person whose address was just proven (verified by an emailed
 * code, or asserted verified by an OpenID Connect provider); its role, if one was live.
 */
export async function acceptPendingInviteOf(db: Db, personId: string): Promise<string | undefined> {
  const { rows } = await sql<{ role: string }>`
    UPDATE invites SET accepted_at = now()
    WHERE person_id = ${personId} AND accepted_at IS NULL AND expires_at > now() AND token_hash IS NOT NULL
    RETURNING role`.execute(db);
  return rows[0]?.role;
}
