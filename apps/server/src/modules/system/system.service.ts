import type { Database } from '@mc/db';
import { selectOne } from './system.repo.js';

/** How long /health waits for the database before it reports it as not answering. */
export const HEALTH_DATABASE_TIMEOUT_MS = 5_000;

/**
 * Resolves when the database answers a parameterised round trip; rejects when it errs or has not
 * answered within {@link HEALTH_DATABASE_TIMEOUT_MS}.
 */
export async function databaseAnswers(database: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_DATABASE_TIMEOUT_MS / 1000} s`)),
      HEALTH_DATABASE_TIMEOUT_MS,
    );
  });
  try {
    const answer = selectOne(database);
    answer.catch(() => {}); // a late failure after the timeout has nobody to tell
    const ok = await Promise.race([answer, timeout]);
    if (ok !== 1) throw new Error('unexpected answer');
  } finally {
    clearTimeout(timer);
  }
}
