import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of session tokens (as Kratos's `ory_st_`). */
export const SESSION_TOKEN_PREFIX = 'ory_st_';
/** Prefix of logout tokens. */
export const LOGOUT_TOKEN_PREFIX = 'ory_lo_';
/** Prefix of API tokens, so the middleware can tell them from session tokens. */
export const API_TOKEN_PREFIX = 'mcat_';
/** Prefix of agent tokens: only the agents' upstream routes accept them, and authenticate them themselves. */
export const AGENT_TOKEN_PREFIX = 'mca_';

/** A random URL-safe secret with a prefix. */
export function randomToken(prefix = '', bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** SHA-256 hex of a secret: what the database keeps instead of the secret. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (CSRF tokens). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A numeric one-time code for email (recovery, verification). */
export function numericCode(digits = 6): string {
  const n = randomBytes(4).readUInt32BE(0) % 10 ** digits;
  return n.toString().padStart(digits, '0');
}
