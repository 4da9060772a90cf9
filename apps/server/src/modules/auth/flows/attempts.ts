import { AUTH_LIMITS } from '@mc/contracts';
import type { Config } from '../../../platform/config.js';
import type { Db } from '../identity.repo.js';
import { type AttemptLimit, clearAttempts, lockAttempts, returnAttempt, takeAttempt } from './attempts.repo.js';

/** Attempts per identifier (an account's sign-in, an aal2 session, a code flow, a mailed address). */
export const IDENTIFIER_LIMIT: AttemptLimit = {
  max: AUTH_LIMITS.maxFailedAttempts,
  windowMs: AUTH_LIMITS.failureWindowMs,
  lockMs: AUTH_LIMITS.lockMs,
};

/** Failed attempts per source address across every account (password spraying), MC_AUTH_SOURCE_MAX_ATTEMPTS. */
export function sourceLimit(config: Config): AttemptLimit {
  return { max: config.MC_AUTH_SOURCE_MAX_ATTEMPTS, windowMs: AUTH_LIMITS.failureWindowMs, lockMs: AUTH_LIMITS.lockMs };
}

/** One counted attempt: report how it ended. */
export interface Attempt {
  /** The attempt succeeded: the key's failures are forgotten and the source gets its attempt back. */
  succeeded(): Promise<void>;
  /** The attempt failed: true when that spent the key's last attempt (it is locked now). */
  failed(): Promise<boolean>;
}

/**
 * Counts an attempt under the request's source address and under `key` before the caller does any
 * verification work, so a concurrent burst is refused past the limit instead of being evaluated.
 * 'locked' when either counter is spent (the caller answers "too many attempts" without checking).
 */
export async function beginAttempt(
  ctx: { db: Db; config: Config; ip?: string },
  key: string,
  limit: AttemptLimit = IDENTIFIER_LIMIT,
): Promise<Attempt | 'locked'> {
  const sourceKey = `source:${ctx.ip ?? 'unknown'}`;
  if ((await takeAttempt(ctx.db, sourceKey, sourceLimit(ctx.config))).locked) return 'locked';
  const taken = await takeAttempt(ctx.db, key, limit);
  if (taken.locked) return 'locked';
  return {
    async succeeded() {
      await clearAttempts(ctx.db, key);
      await returnAttempt(ctx.db, sourceKey);
    },
    async failed() {
      if (taken.count < limit.max) return false;
      await lockAttempts(ctx.db, key, limit.lockMs);
      return true;
    },
  };
}

/**
 * Counts one mail sent to `address` for `purpose` (recovery, verification): true when it may be sent.
 * Sending a mail is not a guess, so only the address's own counter applies.
 */
export async function mayMail(db: Db, purpose: string, address: string): Promise<boolean> {
  return !(await takeAttempt(db, `${purpose}-send:${address.toLowerCase()}`, IDENTIFIER_LIMIT)).locked;
}
