import { randomUUID } from 'node:crypto';
import type { Database } from '@mc/db';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { insertSigningKeyIfNone, listSigningKeys, type SigningKeyRow } from './organizations.repo.js';

/** The algorithm of every organisation token (ECDSA P-256: short signatures, a well-supported JWKS). */
export const ORG_TOKEN_ALG = 'ES256';
/** The issuer every organisation token names; backends check it with the audience and signature. */
export const ORG_TOKEN_ISSUER = 'mission-control-organizations';

/** What the service puts into an organisation token. */
export interface OrgTokenClaims {
  subject: string;
  organization: string;
  name: string;
  email: string | null;
  orgRole: string;
  roles: readonly string[];
  ttlSeconds: number;
}

/**
 * The organisation service's signing keys: created once in the database (so every replica signs with the
 * same key and one JWKS serves them all), read once per process.
 */
export function createSigner(database: Database) {
  let loaded: Promise<SigningKeyRow[]> | undefined;
  const keys = (): Promise<SigningKeyRow[]> => {
    loaded ??= (async () => {
      const existing = await listSigningKeys(database.db);
      if (existing.length > 0) return existing;
      const pair = await generateKeyPair(ORG_TOKEN_ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ORG_TOKEN_ALG, use: 'sig' };
      const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ORG_TOKEN_ALG };
      await insertSigningKeyIfNone(database.db, { kid, private_jwk: privateJwk, public_jwk: publicJwk });
      return listSigningKeys(database.db);
    })();
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  return {
    /** The public keys as a JSON Web Key Set, for the backends' verifiers. */
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: (await keys()).map((key) => key.public_jwk as JWK) };
    },
    /** Signs a short-lived token for one person in one organisation (audience = the organisation). */
    async sign(claims: OrgTokenClaims): Promise<{ token: string; expiresAt: Date }> {
      const [newest] = await keys();
      if (!newest) throw new Error('no signing key');
      const key = await importJWK(newest.private_jwk as JWK, ORG_TOKEN_ALG);
      const now = Math.floor(Date.now() / 1000);
      const exp = now + claims.ttlSeconds;
      const token = await new SignJWT({
        name: claims.name,
        email: claims.email,
        org_role: claims.orgRole,
        roles: [...claims.roles],
      })
        .setProtectedHeader({ alg: ORG_TOKEN_ALG, kid: newest.kid, typ: 'JWT' })
        .setIssuer(ORG_TOKEN_ISSUER)
        .setSubject(claims.subject)
        .setAudience(claims.organization)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
  };
}

/** The signer {@link createSigner} returns. */
export type Signer = ReturnType<typeof createSigner>;
