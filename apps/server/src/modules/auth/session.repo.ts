import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { type GrantColumns, grantColumns } from '../rbac/index.js';
import type { Db } from './identity.repo.js';

/** An authentication method completed in a session. */
export interface SessionMethod {
  method: 'password' | 'totp' | 'lookup_secret' | 'webauthn' | 'oidc' | 'code_recovery';
  aal: 'aal1' | 'aal2';
  completed_at: string;
}

/** A session row (the token itself is never stored). */
export interface SessionRow {
  id: string;
  identity_id: string;
  aal: 'aal1' | 'aal2';
  methods: SessionMethod[];
  authenticated_at: Date;
  issued_at: Date;
  expires_at: Date;
  active: boolean;
}

/**
 * Inserts a session under the hashes of its token and logout token and stamps the person's
 * `last_login` in the same statement, so the Users page's Last Login follows every sign-in.
 */
export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    logoutTokenHash: string;
    identityId: string;
    aal: 'aal1' | 'aal2';
    methods: SessionMethod[];
    authenticatedAt: Date;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
  },
): Promise<SessionRow> {
  const { rows } = await sql<SessionRow>`
    WITH inserted AS (
      INSERT INTO sessions (token_hash, logout_token_hash, identity_id, aal, methods, authenticated_at, expires_at, user_agent, ip)
      VALUES (${values.tokenHash}, ${values.logoutTokenHash}, ${values.identityId}, ${values.aal}, ${JSON.stringify(values.methods)}::jsonb,
        ${values.authenticatedAt}, ${values.expiresAt}, ${values.userAgent ?? null}, ${values.ip ?? null})
      RETURNING id, identity_id, aal, methods, authenticated_at, issued_at, expires_at, active
    ), login AS (
      UPDATE people SET last_login = inserted.issued_at FROM inserted WHERE people.id = inserted.identity_id
    )
    SELECT * FROM inserted`.execute(db);
  return rows[0] as SessionRow; // INSERT … RETURNING yields one row
}

/** The live session of a token hash (active and not expired). */
export async function findActiveSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const { rows } = await sql<SessionRow>`
    SELECT id, identity_id, aal, methods, authenticated_at, issued_at, expires_at, active FROM sessions
    WHERE token_hash = ${tokenHash} AND active AND expires_at > now()`.execute(db);
  return rows[0];
}

/** Stores the hash of a session's logout token (a newer token replaces the older). */
export async function setLogoutTokenHash(db: Db, sessionId: string, logoutTokenHash: string): Promise<void> {
  await sql`UPDATE sessions SET logout_token_hash = ${logoutTokenHash} WHERE id = ${sessionId}`.execute(db);
}

/** Ends the session of a logout-token hash; returns it when one was active. */
export async function revokeByLogoutTokenHash(db: Db, logoutTokenHash: string): Promise<EndedSession | undefined> {
  const { rows } = await sql<EndedSession>`UPDATE sessions SET active = false
    WHERE logout_token_hash = ${logoutTokenHash} AND active RETURNING id, identity_id`.execute(db);
  return rows[0];
}

/** Ends the session of a token hash; returns it when one was active. */
export async function revokeByTokenHash(db: Db, tokenHash: string): Promise<EndedSession | undefined> {
  const { rows } = await sql<EndedSession>`UPDATE sessions SET active = false
    WHERE token_hash = ${tokenHash} AND active RETURNING id, identity_id`.execute(db);
  return rows[0];
}

/** A session a logout ended: which one, and whose. */
export interface EndedSession {
  id: string;
  identity_id: string;
}

/** Ends one session by id. */
export async function revokeSession(db: Db, id: string): Promise<void> {
  await sql`UPDATE sessions SET active = false WHERE id = ${id}`.execute(db);
}

/** Ends every session of an identity except `keepId` (after a password change or recovery). */
export async function revokeOtherSessions(db: Db, identityId: string, keepId: string | null): Promise<void> {
  await sql`UPDATE sessions SET active = false WHERE identity_id = ${identityId} AND active AND id IS DISTINCT FROM ${keepId}`.execute(
    db,
  );
}

/** The person behind a live session, as the authentication read path needs it in one round trip. */
export interface SessionPrincipalRow extends GrantColumns {
  identity_id: string;
  aal: 'aal1' | 'aal2';
  identity_state: 'active' | 'inactive';
  credential_types: string[];
  name: string;
  email: string | null;
  avatar: string | null;
}

/** The statement's name: prepared once per connection, so repeated sign-in checks skip parsing and planning. */
const PRINCIPAL_STATEMENT = 'mc_session_principal';

/**
 * The live session of a token hash with everything a request needs to know about its person — the
 * identity's state and credential types (for the aal check), the people row (soft-deleted people count
 * as nobody) and the grants — in one statement, so authenticating a request costs one round trip. It
 * runs as a named prepared statement: planning it costs several times its execution.
 */
export async function findSessionPrincipal(
  database: Pick<Database, 'db' | 'pool'>,
  tokenHash: string,
): Promise<SessionPrincipalRow | undefined> {
  const compiled = sql<SessionPrincipalRow>`
    SELECT s.identity_id, s.aal, i.state AS identity_state,
      ARRAY(SELECT c.type FROM identity_credentials c WHERE c.identity_id = s.identity_id) AS credential_types,
      p.name, p.email, p.avatar,
      ${grantColumns(sql.ref('s.identity_id'))}
    FROM sessions s
    JOIN identities i ON i.id = s.identity_id
    JOIN people p ON p.id = s.identity_id AND p.deleted_at IS NULL
    WHERE s.token_hash = ${tokenHash} AND s.active AND s.expires_at > now()`.compile(database.db);
  const { rows } = await database.pool.query<SessionPrincipalRow>({
    name: PRINCIPAL_STATEMENT,
    text: compiled.sql,
    values: [...compiled.parameters],
  });
  return rows[0];
}
