/** The checks a canary's run would run, for other modules and benches (the face exports this, not the repository). */
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import type { RunnableCheck } from './check-runner.js';
import { runnableChecksOf as readRunnableChecks } from './runnable-checks.repo.js';

/** The live checks of a live canary this server runs itself, by name (see runnable-checks.repo.ts). */
export function runnableChecksOf(db: Kysely<Tables>, canaryId: string): Promise<RunnableCheck[]> {
  return readRunnableChecks(db, canaryId);
}
