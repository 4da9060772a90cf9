import { AUTH_LIMITS } from '@mc/contracts';
import { recordAuditIn } from '../../platform/audit.js';
import { LOGOUT_TOKEN_PREFIX, randomToken, SESSION_TOKEN_PREFIX, sha256 } from '../../platform/tokens.js';
import { type AddressRow, type Db, getIdentity, type IdentityRow, listAddresses } from './identity.repo.js';
import {
  type EndedSession,
  findActiveSessionByTokenHash,
  insertSession,
  revokeByLogoutTokenHash,
  revokeByTokenHash,
  revokeSession,
  type SessionMethod,
  type SessionRow,
  setLogoutTokenHash,
} from './session.repo.js';

/** A session just issued: the secret token (returned once) and its row. */
export interface IssuedSession {
  token: string;
  logoutToken: string;
  session: SessionRow;
}

/** A session found from a request, with its identity. */
export interface CurrentSession {
  token: string;
  session: SessionRow;
  identity: IdentityRow;
}

/**
 * Issues a fresh session (a new id and token every time: sign-in always rotates the session, so a
 * token planted before sign-in is worthless after it). `replaces` is ended in the same transaction.
 */
export async function issueSession(
  db: Db,
  identityId: string,
  options: {
    aal: 'aal1' | 'aal2';
    methods: SessionMethod[];
    authenticatedAt?: Date;
    replaces?: string | null;
    userAgent?: string;
    ip?: string;
  },
): Promise<IssuedSession> {
  const token = randomToken(SESSION_TOKEN_PREFIX);
  const logoutToken = randomToken(LOGOUT_TOKEN_PREFIX);
  if (options.replaces) await revokeSession(db, options.replaces);
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    logoutTokenHash: sha256(logoutToken),
    identityId,
    aal: options.aal,
    methods: options.methods,
    authenticatedAt: options.authenticatedAt ?? new Date(),
    expiresAt: new Date(Date.now() + AUTH_LIMITS.sessionLifespanMs),
    userAgent: options.userAgent,
    ip: options.ip,
  });
  return { token, logoutToken, session };
}

/** The live session and identity of a token, if any. */
export async function findSession(db: Db, token: string | undefined): Promise<CurrentSession | undefined> {
  if (!token || token.length > 200) return undefined;
  const session = await findActiveSessionByTokenHash(db, sha256(token));
  if (!session) return undefined;
  const identity = await getIdentity(db, session.identity_id);
  if (identity?.state !== 'active') return undefined;
  return { token, session, identity };
}

/** A session method entry completed now. */
export function methodNow(method: SessionMethod['method'], aal: 'aal1' | 'aal2'): SessionMethod {
  return { method, aal, completed_at: new Date().toISOString() };
}

function addressJson(address: AddressRow) {
  return {
    id: address.id,
    value: address.value,
    via: address.via,
    verified: address.verified,
    status: address.status,
    ...(address.verified_at ? { verified_at: address.verified_at.toISOString() } : {}),
    created_at: address.created_at.toISOString(),
    updated_at: address.updated_at.toISOString(),
  };
}

/** Kratos's identity JSON (traits and addresses; credentials are never included). */
export async function identityJson(db: Db, identity: IdentityRow, baseUrl: string) {
  const addresses = await listAddresses(db, identity.id);
  return {
    id: identity.id,
    schema_id: identity.schema_id,
    schema_url: `${baseUrl}/schemas/ZGVmYXVsdA`,
    state: identity.state,
    traits: identity.traits,
    verifiable_addresses: addresses.map(addressJson),
    recovery_addresses: addresses.map((a) => ({
      id: a.id,
      value: a.value,
      via: a.via,
      created_at: a.created_at,
      updated_at: a.updated_at,
    })),
    metadata_public: null,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    organization_id: null,
  };
}

/** Kratos's session JSON. */
export async function sessionJson(db: Db, session: SessionRow, identity: IdentityRow, baseUrl: string) {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expires_at.toISOString(),
    authenticated_at: session.authenticated_at.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: session.issued_at.toISOString(),
    identity: await identityJson(db, identity, baseUrl),
    devices: [],
  };
}

/**
 * The body Kratos answers a submitted flow that signed someone in: the session, the flow's next steps,
 * the identity after a registration and the token for an API client (only then: a browser holds a cookie).
 */
export async function signedInAnswer(
  db: Db,
  issued: IssuedSession,
  baseUrl: string,
  options: { continueWith: unknown[]; withIdentity: boolean; withToken: boolean },
): Promise<Record<string, unknown>> {
  const identity = await getIdentity(db, issued.session.identity_id);
  if (!identity) return { continue_with: options.continueWith };
  const answer: Record<string, unknown> = {
    session: await sessionJson(db, issued.session, identity, baseUrl),
    continue_with: options.continueWith,
  };
  if (options.withIdentity) answer.identity = await identityJson(db, identity, baseUrl);
  if (options.withToken) answer.session_token = issued.token;
  return answer;
}

/** A fresh logout token for a session (only its hash is stored); the browser's logout URL carries it. */
export async function issueLogoutToken(db: Db, sessionId: string): Promise<string> {
  const logoutToken = randomToken(LOGOUT_TOKEN_PREFIX);
  await setLogoutTokenHash(db, sessionId, sha256(logoutToken));
  return logoutToken;
}

/**
 * Ends the session `revoke` finds and writes its audit row in the same transaction; false when there was
 * no active session to end (nothing changed, nothing audited).
 */
export async function endSession(
  db: Db,
  revoke: (trx: Db) => Promise<EndedSession | undefined>,
  target: string,
  requestId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await revoke(trx);
    if (!ended) return false;
    await recordAuditIn(trx, {
      actor: { kind: 'person', id: ended.identity_id, roles: [] },
      action: 'session.logout',
      target,
      ids: [ended.id],
      before: { active: true },
      after: { active: false },
      requestId,
    });
    return true;
  });
}

/** Ends the session of a logout token (the browser's logout link), audited; false when none was active. */
export function endSessionByLogoutToken(db: Db, token: string, target: string, requestId: string): Promise<boolean> {
  return endSession(db, (trx) => revokeByLogoutTokenHash(trx, sha256(token)), target, requestId);
}

/** Ends the session of a session token (an API client's logout), audited; false when none was active. */
export function endSessionByToken(db: Db, token: string, target: string, requestId: string): Promise<boolean> {
  return endSession(db, (trx) => revokeByTokenHash(trx, sha256(token)), target, requestId);
}
