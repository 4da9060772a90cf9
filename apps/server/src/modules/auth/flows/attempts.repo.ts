import { sql } from 'kysely';
import type { Db } from '../identity.repo.js';

/** How many attempts a counter allows in its window, and how long it locks once they are spent. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
  lockMs: number;
}

/** The counter after one attempt was taken: its count in the window and whether it is locked now. */
export interface TakenAttempt {
  count: number;
  locked: boolean;
}

/**
 * Counts one attempt under `key` in a single statement, before any slow verification work: a
 * concurrent burst increments the row one by one, so only the first `max` attempts of a window are
 * ever evaluated. The attempt past `max` locks the key for `lockMs`; a locked key counts nothing.
 * A window that ran out (or a lock that ended) starts over at 1.
 */
export async function takeAttempt(db: Db, key: string, limit: AttemptLimit): Promise<TakenAttempt> {
  const windowSecs = limit.windowMs / 1000;
  const lockSecs = limit.lockMs / 1000;
  const { rows } = await sql<{ count: number; locked: boolean }>`
    INSERT INTO auth_attempts AS a (key, failures, window_started_at, locked_until)
    VALUES (${key}, 1, now(), CASE WHEN 1 > ${limit.max}::int THEN now() + make_interval(secs => ${lockSecs}) END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN a.locked_until > now() THEN a.failures
        WHEN a.locked_until IS NOT NULL OR a.window_started_at < now() - make_interval(secs => ${windowSecs}) THEN 1
        ELSE a.failures + 1 END,
      window_started_at = CASE
        WHEN a.locked_until > now() THEN a.window_started_at
        WHEN a.locked_until IS NOT NULL OR a.window_started_at < now() - make_interval(secs => ${windowSecs}) THEN now()
        ELSE a.window_started_at END,
      locked_until = CASE
        WHEN a.locked_until > now() THEN a.locked_until
        WHEN a.locked_until IS NULL AND a.window_started_at >= now() - make_interval(secs => ${windowSecs})
          AND a.failures + 1 > ${limit.max}::int THEN now() + make_interval(secs => ${lockSecs})
        ELSE NULL END
    RETURNING failures AS count, COALESCE(locked_until > now(), false) AS locked`.execute(db);
  const row = rows[0];
  return { count: Number(row?.count ?? 0), locked: row?.locked === true };
}

/** Locks `key` now (the last allowed attempt failed). */
export async function lockAttempts(db: Db, key: string, lockMs: number): Promise<void> {
  await sql`
    UPDATE auth_attempts SET locked_until = now() + make_interval(secs => ${lockMs / 1000})
    WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= now())`.execute(db);
}

/** Gives back one attempt of `key` (a success under a shared counter, such as a source address). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await sql`
    UPDATE auth_attempts SET failures = GREATEST(failures - 1, 0)
    WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= now())`.execute(db);
}

/** Forgets the attempts of `key` after a success, unless it is locked. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await sql`DELETE FROM auth_attempts WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= now())`.execute(
    db,
  );
}
