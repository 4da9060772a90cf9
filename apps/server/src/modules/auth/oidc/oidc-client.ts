import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import type { OidcProvider } from './oidc-providers.js';

/** What the provider's discovery document tells us. */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The claims we use from a verified id_token. */
export interface IdClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** What the flow keeps (server side) between the redirect and the callback. */
export interface OidcPending {
  provider: string;
  state: string;
  verifier: string;
  nonce: string;
}

const discoveries = new Map<string, Promise<Discovery>>();
const TIMEOUT_MS = 10_000;

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>; // checked field by field by the callers
}

/** The discovery document of a provider (fetched once per process; a failure is retried next time). */
export function discover(provider: OidcProvider): Promise<Discovery> {
  let found = discoveries.get(provider.issuer);
  if (!found) {
    const url = `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    found = getJson(url).then((doc) => {
      for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
        if (typeof doc[key] !== 'string') throw new Error(`the discovery document of ${provider.id} lacks ${key}`);
      return doc as unknown as Discovery; // the four fields were checked above
    });
    found.catch(() => discoveries.delete(provider.issuer));
    discoveries.set(provider.issuer, found);
  }
  return found;
}

/** The callback address the provider sends the browser back to (Kratos's path). */
export function callbackUrl(baseUrl: string, providerId: string): string {
  return `${baseUrl}/api/.ory/self-service/methods/oidc/callback/${providerId}`;
}

/**
 * The authorization address with state, nonce and a PKCE S256 challenge; `pending` (with the
 * verifier) stays in the flow. The state starts with the flow id so the callback finds the flow.
 */
export async function authorizationRequest(
  provider: OidcProvider,
  baseUrl: string,
  flowId: string,
): Promise<{ url: string; pending: OidcPending }> {
  const discovery = await discover(provider);
  const pending: OidcPending = {
    provider: provider.id,
    state: `${flowId}.${randomBytes(24).toString('base64url')}`,
    verifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(24).toString('base64url'),
  };
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('redirect_uri', callbackUrl(baseUrl, provider.id));
  url.searchParams.set('scope', provider.scopes.join(' '));
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('code_challenge', createHash('sha256').update(pending.verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), pending };
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>; // a JWT part is a JSON object
}

const ALGORITHMS: Record<string, string> = { RS256: 'sha256', RS384: 'sha384', RS512: 'sha512', ES256: 'sha256' };

/** Verifies an id_token's signature (provider JWKS), issuer, audience, expiry and nonce. */
export async function verifyIdToken(
  provider: OidcProvider,
  idToken: string,
  nonce: string,
  now = Date.now(),
): Promise<IdClaims> {
  const discovery = await discover(provider);
  const [headerPart, payloadPart, signaturePart] = idToken.split('.');
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart);
  const digest = ALGORITHMS[String(header.alg)];
  if (!digest) throw new Error(`unsupported id_token algorithm ${String(header.alg)}`);
  const jwks = (await getJson(discovery.jwks_uri)).keys;
  const keys = (Array.isArray(jwks) ? jwks : []) as (JsonWebKey & { kid?: string })[];
  const jwk = keys.find((k) => header.kid === undefined || k.kid === header.kid);
  if (!jwk) throw new Error('no key of the provider matches the id_token');
  const ok = verify(
    digest,
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart ?? '', 'base64url'),
  );
  if (!ok) throw new Error('the id_token signature is invalid');
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== discovery.issuer) throw new Error('the id_token issuer does not match');
  if (!audience.includes(provider.client_id)) throw new Error('the id_token is for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < now - 60_000) throw new Error('the id_token expired');
  if (claims.nonce !== nonce) throw new Error('the id_token nonce does not match');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('the id_token has no subject');
  return claims as unknown as IdClaims; // sub checked; the other claims are optional strings
}

/** Exchanges the authorization code (with the PKCE verifier) and answers the verified claims. */
export async function exchangeCode(
  provider: OidcProvider,
  baseUrl: string,
  code: string,
  pending: OidcPending,
): Promise<IdClaims> {
  const discovery = await discover(provider);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: callbackUrl(baseUrl, provider.id),
    code_verifier: pending.verifier,
    client_id: provider.client_id,
    client_secret: provider.client_secret,
  });
  const tokens = await getJson(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
  if (typeof tokens.id_token !== 'string') throw new Error('the token answer has no id_token');
  return verifyIdToken(provider, tokens.id_token, pending.nonce);
}
