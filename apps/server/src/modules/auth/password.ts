import { AUTH_LIMITS } from '@mc/contracts';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1): about 50 ms to hash, 10 ms to verify here. */
const ARGON2ID = {
  algorithm: 2 /* Algorithm.Argon2id; a const enum that isolatedModules cannot read */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id; the only form a password is ever stored in. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a hash (unknown account) it still runs one
 * argon2 verification, so answer times do not reveal which accounts exist.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Why a new password is refused (Kratos's 4000005 reason), or undefined when it is acceptable. */
export function passwordPolicyViolation(password: string, identifier: string): string | undefined {
  if (password.length < AUTH_LIMITS.minPasswordLength) {
    return `password length must be at least ${AUTH_LIMITS.minPasswordLength} characters but only got ${password.length}`;
  }
  if (password.length > 1024) return 'password length must be at most 1024 characters';
  const local = identifier.toLowerCase().split('@')[0] ?? '';
  if (
    identifier &&
    (password.toLowerCase() === identifier.toLowerCase() ||
      (local.length >= 4 && password.toLowerCase().includes(local)))
  ) {
    return 'the password is too similar to the user identifier';
  }
  return undefined;
}
