import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type CredentialRow, compareAndSetCredentialConfig, type Db } from './identity.repo.js';

/** One registered security key or platform authenticator (public key only; nothing secret). */
export interface WebauthnKey {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
  display_name: string;
  added_at: string;
}

/** The `webauthn` credential config: every key of the identity (Kratos keeps them in one credential). */
export interface WebauthnConfig {
  credentials: WebauthnKey[];
}

/** The relying party of a public base URL: its host name is the RP id, its origin the expected origin. */
export function relyingParty(baseUrl: string): { rpID: string; origin: string } {
  const url = new URL(baseUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The keys of a webauthn credential (none when there is no credential). */
export function keysOf(credential: CredentialRow | undefined): WebauthnKey[] {
  const config = credential?.config as WebauthnConfig | undefined; // the webauthn credential's config shape
  return Array.isArray(config?.credentials) ? config.credentials : [];
}

/** Options for adding a key (the challenge is kept in the flow, server side). */
export async function registrationOptions(
  baseUrl: string,
  user: { id: string; email: string; name: string },
  existing: WebauthnKey[],
) {
  return generateRegistrationOptions({
    rpName: 'Mission Control',
    rpID: relyingParty(baseUrl).rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
  });
}

/** Options for signing in with one of the keys (the second factor). */
export async function authenticationOptions(baseUrl: string, keys: WebauthnKey[]) {
  return generateAuthenticationOptions({
    rpID: relyingParty(baseUrl).rpID,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
    userVerification: 'discouraged',
  });
}

function parse<T>(json: string): T | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as T) : undefined; // checked by the verifier
  } catch {
    return undefined;
  }
}

/** Verifies a registration answer against the flow's challenge; the new key, or undefined when it fails. */
export async function verifyRegistration(
  baseUrl: string,
  challenge: string,
  answer: string,
  displayName: string,
): Promise<WebauthnKey | undefined> {
  const response = parse<RegistrationResponseJSON>(answer);
  if (!response || !challenge) return undefined;
  const { rpID, origin } = relyingParty(baseUrl);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const credential = result.registrationInfo.credential;
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      display_name: displayName,
      added_at: new Date().toISOString(),
    };
  } catch {
    return undefined;
  }
}

/**
 * Verifies a sign-in answer against the flow's challenge and one of the identity's keys, then
 * stores the new signature counter with a compare-and-set (a cloned or replayed answer fails).
 */
export async function verifyAuthentication(
  db: Db,
  baseUrl: string,
  credential: CredentialRow | undefined,
  challenge: string,
  answer: string,
): Promise<boolean> {
  const response = parse<AuthenticationResponseJSON>(answer);
  const keys = keysOf(credential);
  const key = keys.find((k) => k.id === response?.id);
  if (!credential || !response || !key || !challenge) return false;
  const { rpID, origin } = relyingParty(baseUrl);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    const counter = result.authenticationInfo.newCounter;
    const updated = keys.map((k) => (k.id === key.id ? { ...k, counter } : k));
    return compareAndSetCredentialConfig(db, credential.id, credential.version, { credentials: updated });
  } catch {
    return false;
  }
}
