import type { Database } from '@mc/db';
import type { ActorResolver } from '../../platform/authenticate.js';
import type { Actor } from '../../platform/request-context.js';
import { AGENT_TOKEN_PREFIX, API_TOKEN_PREFIX, sha256 } from '../../platform/tokens.js';
import type { AccessControl } from '../rbac/index.js';
import { grantsFromColumns, loadGrants } from '../rbac/index.js';
import { findTokenPerson, touchToken } from '../tokens/index.js';
import { sessionTokenOf } from './flows/flow-http.js';
import { hasSecondFactor } from './flows/login.flow.js';
import type { CredentialRow } from './identity.repo.js';
import { findSessionPrincipal, type SessionPrincipalRow } from './session.repo.js';
import { mayUseSessionCache, type SessionCache } from './session-cache.js';

/** The people-row fields of a person actor, read while authenticating so who-am-I needs no query. */
export interface ActorProfile {
  name: string;
  email: string | null;
  avatar: string | null;
}

const profiles = new WeakMap<Actor, ActorProfile>();

/** The profile read with the actor's session, if the request was authenticated by one. */
export function profileOf(actor: Actor): ActorProfile | undefined {
  return profiles.get(actor);
}

/** Whether the identity's credentials include a second factor (the login flow owns the list). */
function needsSecondFactor(types: readonly string[]): boolean {
  // hasSecondFactor reads only the credential type; the authentication query returns just the types
  return hasSecondFactor(types.map((type) => ({ type }) as CredentialRow));
}

/**
 * Resolves the actor of an API request: an API token (`Authorization: Bearer mcat_…`) acts as its
 * creator with the creator's permissions; a session (cookie or token) acts as its identity. A
 * session below its identity's highest level (aal1 while TOTP is set up), of an inactive identity
 * or of a deleted person counts as nobody. A session costs one database round trip (session,
 * identity, person, roles, teams and permission rows together). Only data-API reads may take it from
 * the short-lived `cache` (see session-cache.ts); every other request reads it afresh, so a revoked
 * session, a role change or an expired `until` applies to its very next request.
 */
export function createActorResolver(database: Database, access: AccessControl, cache?: SessionCache): ActorResolver {
  const db = database.db;
  const principalOf = async (tokenHash: string, cached: boolean): Promise<SessionPrincipalRow | undefined> => {
    if (!cache || !cached) return findSessionPrincipal(database, tokenHash);
    const hit = cache.get(tokenHash);
    if (hit) return hit;
    const startedIn = cache.generation();
    const row = await findSessionPrincipal(database, tokenHash);
    if (row) cache.set(tokenHash, row, startedIn);
    return row;
  };
  return async (c) => {
    const token = sessionTokenOf(c);
    if (!token || token.length > 200) return undefined;
    // An agent's token is no person's: looked up as a session it would cost every push and poll a round
    // trip that finds nothing (the agents' upstream routes authenticate it themselves).
    if (token.startsWith(AGENT_TOKEN_PREFIX)) return undefined;
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const found = await findTokenPerson(db, sha256(token));
      if (!found) return undefined;
      void touchToken(db, found.id).catch(() => {});
      const grants = await loadGrants(db, found.person_id);
      const actor: Actor = { kind: 'person', id: found.person_id, roles: grants.roles, via: 'token' };
      access.remember(actor, grants);
      return actor;
    }
    const principal = await principalOf(sha256(token), mayUseSessionCache(c.req.method, c.req.path));
    if (principal?.identity_state !== 'active') return undefined;
    if (principal.aal === 'aal1' && needsSecondFactor(principal.credential_types)) return undefined;
    const grants = grantsFromColumns(principal);
    const actor: Actor = { kind: 'person', id: principal.identity_id, roles: grants.roles, via: 'session' };
    access.remember(actor, grants);
    profiles.set(actor, { name: principal.name, email: principal.email, avatar: principal.avatar });
    return actor;
  };
}
