import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** An API token as listed (never its secret). */
export interface TokenRow {
  id: string;
  name: string;
  person_id: string;
  created_by: string | null;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
}

/** The person a live token (not revoked, not expired) acts for. */
export async function findTokenPerson(
  db: Db,
  valueHash: string,
): Promise<{ id: string; person_id: string } | undefined> {
  const { rows } = await sql<{ id: string; person_id: string }>`
    SELECT t.id, t.person_id FROM access_tokens t JOIN people p ON p.id = t.person_id AND p.deleted_at IS NULL
    WHERE t.value_hash = ${valueHash} AND t.deleted_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`.execute(
    db,
  );
  return rows[0];
}

/** Stores a new token under the hash of its secret. */
export async function insertToken(
  db: Db,
  values: { name: string; valueHash: string; personId: string; expiresAt: Date | null },
): Promise<TokenRow> {
  const { rows } = await sql<TokenRow>`
    INSERT INTO access_tokens (name, value_hash, person_id, created_by, expires_at)
    VALUES (${values.name}, ${values.valueHash}, ${values.personId}, ${values.personId}, ${values.expiresAt})
    RETURNING id, name, person_id, created_by, expires_at, last_used_at, created_at`.execute(db);
  return rows[0] as TokenRow; // INSERT … RETURNING yields one row
}

/** The live tokens of a person, newest first. */
export async function listTokens(db: Db, personId: string): Promise<TokenRow[]> {
  const { rows } = await sql<TokenRow>`
    SELECT id, name, person_id, created_by, expires_at, last_used_at, created_at FROM access_tokens
    WHERE person_id = ${personId} AND deleted_at IS NULL ORDER BY created_at DESC`.execute(db);
  return rows;
}

/** Revokes a token of a person; false when there is no such live token. */
export async function revokeToken(db: Db, personId: string, id: string): Promise<boolean> {
  const result = await sql`
    UPDATE access_tokens SET deleted_at = now() WHERE id = ${id} AND person_id = ${personId} AND deleted_at IS NULL`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Notes when a token was last used (at most once a minute per token). */
export async function touchToken(db: Db, id: string): Promise<void> {
  await sql`
    UPDATE access_tokens SET last_used_at = now()
    WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.execute(db);
}
