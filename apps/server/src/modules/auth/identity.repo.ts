import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** A database handle or an open transaction. */
export type Db = Kysely<Tables>;

/** Identity traits of the identity schema: email and first/last name. */
export interface Traits {
  email: string;
  name: { first: string; last: string };
}

/** An identity row. */
export interface IdentityRow {
  id: string;
  schema_id: string;
  traits: Traits;
  state: 'active' | 'inactive';
  created_at: Date;
  updated_at: Date;
}

/** A credential row; `config` holds secrets and never leaves the server. */
export interface CredentialRow {
  id: string;
  identity_id: string;
  type: 'password' | 'totp' | 'lookup_secret' | 'webauthn' | 'oidc';
  identifiers: string[];
  config: Record<string, unknown>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** A verifiable (email) address. */
export interface AddressRow {
  id: string;
  identity_id: string;
  via: string;
  value: string;
  verified: boolean;
  verified_at: Date | null;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** The display name of a person from the traits. */
export function displayName(traits: Traits): string {
  return `${traits.name.first} ${traits.name.last}`.trim() || traits.email;
}

/** Finds a live person by email (case-insensitive), identity or not. */
export async function findPersonByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; has_identity: boolean } | undefined> {
  const { rows } = await sql<{ id: string; has_identity: boolean }>`
    SELECT p.id, EXISTS (SELECT 1 FROM identities i WHERE i.id = p.id) AS has_identity
    FROM people p WHERE lower(p.email) = lower(${email}) AND p.deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Creates the person row an identity belongs to. */
export async function insertPerson(db: Db, traits: Traits): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO people (name, email) VALUES (${displayName(traits)}, ${traits.email.toLowerCase()}) RETURNING id`.execute(
    db,
  );
  return (rows[0] as { id: string }).id; // INSERT … RETURNING yields one row
}

/** Creates a person row by name and email as given (an invited person); returns its id. */
export async function insertNamedPerson(db: Db, name: string, email: string): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO people (name, email) VALUES (${name}, ${email}) RETURNING id`.execute(db);
  return rows[0]?.id as string; // INSERT … RETURNING yields one row
}

/** Sets a person's name to the traits' first and last name. */
export async function renamePerson(db: Db, personId: string, traits: Traits): Promise<void> {
  await sql`UPDATE people SET name = ${`${traits.name.first} ${traits.name.last}`} WHERE id = ${personId}`.execute(db);
}

/** The name, email and avatar of a live person, or undefined. */
export async function findPersonProfile(
  db: Db,
  personId: string,
): Promise<{ name: string; email: string | null; avatar: string | null } | undefined> {
  const { rows } = await sql<{ name: string; email: string | null; avatar: string | null }>`
    SELECT name, email, avatar FROM people WHERE id = ${personId} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Creates the identity of an existing person and its (unverified) email address. */
export async function insertIdentity(db: Db, personId: string, traits: Traits, verified = false): Promise<void> {
  await sql`INSERT INTO identities (id, traits) VALUES (${personId}, ${JSON.stringify(traits)}::jsonb)`.execute(db);
  await sql`
    INSERT INTO identity_addresses (identity_id, value, verified, verified_at, status)
    VALUES (${personId}, ${traits.email.toLowerCase()}, ${verified}, ${verified ? new Date() : null}, ${verified ? 'completed' : 'pending'})`.execute(
    db,
  );
}

/** Updates the traits of an identity and the person's name and email with them. */
export async function updateTraits(db: Db, identityId: string, traits: Traits): Promise<void> {
  await sql`UPDATE identities SET traits = ${JSON.stringify(traits)}::jsonb, updated_at = now() WHERE id = ${identityId}`.execute(
    db,
  );
  await sql`UPDATE people SET name = ${displayName(traits)}, email = ${traits.email.toLowerCase()} WHERE id = ${identityId}`.execute(
    db,
  );
}

/** Reads one identity. */
export async function getIdentity(db: Db, id: string): Promise<IdentityRow | undefined> {
  const { rows } = await sql<IdentityRow>`SELECT * FROM identities WHERE id = ${id}`.execute(db);
  return rows[0];
}

/** The credential that carries `identifier` for `type` (e.g. the password credential of an email). */
export async function findCredentialByIdentifier(
  db: Db,
  type: CredentialRow['type'],
  identifier: string,
): Promise<CredentialRow | undefined> {
  const { rows } = await sql<CredentialRow>`
    SELECT c.* FROM identity_credential_identifiers ci JOIN identity_credentials c ON c.id = ci.credential_id
    WHERE ci.type = ${type} AND ci.identifier = ${identifier.toLowerCase()}`.execute(db);
  return rows[0];
}

/** Every credential of an identity. */
export async function listCredentials(db: Db, identityId: string): Promise<CredentialRow[]> {
  const { rows } =
    await sql<CredentialRow>`SELECT * FROM identity_credentials WHERE identity_id = ${identityId} ORDER BY type`.execute(
      db,
    );
  return rows;
}

/** Creates or replaces the credential of a type, with its identifiers. */
export async function upsertCredential(
  db: Db,
  identityId: string,
  type: CredentialRow['type'],
  config: Record<string, unknown>,
  identifiers: string[] = [],
): Promise<void> {
  const ids = identifiers.map((i) => i.toLowerCase());
  const { rows } = await sql<{ id: string }>`
    INSERT INTO identity_credentials (identity_id, type, identifiers, config)
    VALUES (${identityId}, ${type}, ${ids}::text[], ${JSON.stringify(config)}::jsonb)
    ON CONFLICT (identity_id, type) DO UPDATE
      SET config = EXCLUDED.config, identifiers = EXCLUDED.identifiers, version = identity_credentials.version + 1, updated_at = now()
    RETURNING id`.execute(db);
  const credentialId = (rows[0] as { id: string }).id; // upsert … RETURNING yields one row
  await sql`DELETE FROM identity_credential_identifiers WHERE credential_id = ${credentialId}`.execute(db);
  for (const identifier of ids) {
    await sql`INSERT INTO identity_credential_identifiers (identifier, type, credential_id) VALUES (${identifier}, ${type}, ${credentialId})`.execute(
      db,
    );
  }
}

/**
 * Replaces a credential's config only if it still has the version read, so two concurrent uses of
 * one TOTP code or backup code cannot both succeed. Returns false when someone else won.
 */
export async function compareAndSetCredentialConfig(
  db: Db,
  credentialId: string,
  version: number,
  config: Record<string, unknown>,
): Promise<boolean> {
  const result = await sql`
    UPDATE identity_credentials SET config = ${JSON.stringify(config)}::jsonb, version = version + 1, updated_at = now()
    WHERE id = ${credentialId} AND version = ${version}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Removes the credential of a type (unlink TOTP, WebAuthn…). */
export async function deleteCredential(db: Db, identityId: string, type: CredentialRow['type']): Promise<void> {
  await sql`DELETE FROM identity_credentials WHERE identity_id = ${identityId} AND type = ${type}`.execute(db);
}

/** The addresses of an identity. */
export async function listAddresses(db: Db, identityId: string): Promise<AddressRow[]> {
  const { rows } =
    await sql<AddressRow>`SELECT * FROM identity_addresses WHERE identity_id = ${identityId} ORDER BY value`.execute(
      db,
    );
  return rows;
}

/** The address row of a value, if any identity has it. */
export async function findAddress(db: Db, value: string): Promise<AddressRow | undefined> {
  const { rows } =
    await sql<AddressRow>`SELECT * FROM identity_addresses WHERE via = 'email' AND value = ${value.toLowerCase()}`.execute(
      db,
    );
  return rows[0];
}

/** Marks an address verified. */
export async function markAddressVerified(db: Db, value: string): Promise<void> {
  await sql`
    UPDATE identity_addresses SET verified = true, verified_at = now(), status = 'completed', updated_at = now()
    WHERE via = 'email' AND value = ${value.toLowerCase()}`.execute(db);
}

/** Replaces the address of an identity after an email change (unverified again). */
export async function replaceAddress(db: Db, identityId: string, value: string): Promise<void> {
  await sql`
    UPDATE identity_addresses SET value = ${value.toLowerCase()}, verified = false, verified_at = NULL, status = 'pending', updated_at = now()
    WHERE identity_id = ${identityId} AND via = 'email'`.execute(db);
}

/**
 * Holds, until the transaction ends, the lock under which a first administrator is created: replicas
 * starting together on an empty database would otherwise both insert the same person.
 */
export async function lockFirstAdmin(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('mc:first-admin'))`.execute(db);
}

/** Whether any identity with the admin role exists (first-start bootstrap). */
export async function adminExists(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM casbin_rule c JOIN identities i ON i.id::text = c.v0 WHERE c.ptype = 'g' AND c.v1 = 'admin'
    ) AS found`.execute(db);
  return rows[0]?.found === true;
}
