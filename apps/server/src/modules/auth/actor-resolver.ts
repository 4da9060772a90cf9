import type { Database } from '@mc/db';
import type { ActorResolver } from '../../platform/authenticate.js';
import type { Actor } from '../../platform/request-context.js';
import type { AccessControl } from '../rbac/access-control.js';
import { loadGrants } from '../rbac/rbac.repo.js';
import { findTokenPerson, touchToken } from '../tokens/tokens.repo.js';
import { sessionTokenOf } from './flows/flow-http.js';
import { hasSecondFactor } from './flows/login.flow.js';
import { listCredentials } from './identity.repo.js';
import { findSession } from './session.service.js';
import { API_TOKEN_PREFIX, sha256 } from './tokens.js';

/**
 * Resolves the actor of an API request: an API token (`Authorization: Bearer mcat_…`) acts as its
 * creator with the creator's permissions; a session (cookie or token) acts as its identity. A
 * session below its identity's highest level (aal1 while TOTP is set up) counts as nobody.
 */
export function createActorResolver(database: Database, access: AccessControl): ActorResolver {
  const db = database.db;
  return async (c) => {
    const token = sessionTokenOf(c);
    if (!token) return undefined;
    let personId: string;
    let via: 'session' | 'token';
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const found = await findTokenPerson(db, sha256(token));
      if (!found) return undefined;
      void touchToken(db, found.id).catch(() => {});
      personId = found.person_id;
      via = 'token';
    } else {
      const current = await findSession(db, token);
      if (!current) return undefined;
      if (current.session.aal === 'aal1' && hasSecondFactor(await listCredentials(db, current.identity.id)))
        return undefined;
      personId = current.identity.id;
      via = 'session';
    }
    const grants = await loadGrants(db, personId);
    const actor: Actor = { kind: 'person', id: personId, roles: grants.roles, via };
    access.remember(actor, grants);
    return actor;
  };
}
