import type { Database } from '@mc/db';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { ActorResolver } from '../../platform/authenticate.js';
import type { Actor } from '../../platform/request-context.js';
import type { AccessControl } from '../rbac/index.js';
import { loadGrants } from '../rbac/index.js';
import { admitTokenSubject } from './organizations.service.js';
import { ORG_TOKEN_ALG, ORG_TOKEN_ISSUER } from './signing-keys.js';

/** The six console roles a token's roles claim may name; anything else is dropped. */
const CONSOLE_ROLES = new Set(['admin', 'editor', 'viewer', 'guest', 'commander', 'responder']);
const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Longest token read; a real one is under 1 kB. */
const MAX_TOKEN_LENGTH = 4_096;

function bearerOf(header: string | undefined): string | undefined {
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length <= MAX_TOKEN_LENGTH && JWT_SHAPE.test(token) ? token : undefined;
}

/**
 * An organisation backend's authentication (MC_ORG_SERVICE_URL set, docs/hosted-mode.md): a bearer token
 * shaped like a JWT must be signed by a key of the organisation service's JWKS, name this backend's
 * organisation (MC_ORG_ID) as audience and be unexpired; it acts as the person of its subject (created on
 * first sight, or linked by email) with the roles of its claims, and its audit rows name the organisation.
 * A refused token is nobody (401), never a fall-through to a session. Other credentials go to `fallback`.
 */
export function orgTokenResolver(
  options: { serviceUrl: string; organization: string; database: Database; access: AccessControl },
  fallback: ActorResolver,
): ActorResolver {
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', options.serviceUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  const people = new Map<string, string>();
  return async (c) => {
    const token = bearerOf(c.req.header('authorization'));
    if (!token) return fallback(c);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: [ORG_TOKEN_ALG],
        audience: options.organization,
        issuer: ORG_TOKEN_ISSUER,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      c.var.log.info('organisation token refused', { reason: (error as { code?: string }).code ?? 'invalid' });
      return undefined;
    }
    const subject = String(payload.sub);
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    const name = typeof payload.name === 'string' && payload.name ? payload.name : (email ?? subject);
    const claimed = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => CONSOLE_ROLES.has(String(r)))
      : [];
    let personId = people.get(subject);
    if (!personId) {
      personId = await admitTokenSubject(
        options.database,
        subject,
        { name, email },
        { roles: claimed, organization: options.organization },
      );
      if (people.size >= 10_000) people.clear();
      people.set(subject, personId);
    }
    const grants = await loadGrants(options.database.db, personId);
    grants.roles = claimed;
    const actor: Actor = {
      kind: 'person',
      id: personId,
      roles: claimed,
      via: 'organization',
      organization: options.organization,
    };
    options.access.remember(actor, grants);
    return actor;
  };
}
