import type { Database } from '@mc/db';
import { selectOne } from './system.repo.js';

/** How long /health waits for the database before it reports it as not answering. */
export const HEALTH_DATABASE_TIMEOUT_MS = 5_000;

/**
 * `query`'s answer, or a rejection when it has not answered within `timeoutMs`: a probe must answer
 * in time even when the database hangs (a late failure after the timeout has nobody to tell).
 */
export async function answerWithin<T>(query: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  query.catch(() => {});
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves when the database answers a parameterised round trip; rejects when it errs or has not
 * answered within {@link HEALTH_DATABASE_TIMEOUT_MS}.
 */
export async function databaseAnswers(database: Database): Promise<void> {
  const ok = await answerWithin(selectOne(database), HEALTH_DATABASE_TIMEOUT_MS);
  if (ok !== 1) throw new Error('unexpected answer');
}
