/** The checks a canary's run would run, for other modules and benches (the face exports this, not the repository). */
import type { Database, Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import type { RunnableCheck } from './check-runner.js';
import {
  type CanaryTick,
  canaryTickOf as readCanaryTick,
  runnableChecksOf as readRunnableChecks,
} from './runnable-checks.repo.js';

/** The live checks of a live canary this server runs itself, by name (see runnable-checks.repo.ts). */
export function runnableChecksOf(db: Kysely<Tables>, canaryId: string): Promise<RunnableCheck[]> {
  return readRunnableChecks(db, canaryId);
}

/**
 * What a canary's tick reads, in the one statement run-canary.job.ts sends: its checks and the next tick of
 * its schedule `scheduleName` (canaryScheduleName); benches time it as the runner sends it.
 */
export function canaryTickOf(
  database: Pick<Database, 'engine' | 'pool' | 'db'>,
  canaryId: string,
  scheduleName: string,
): Promise<CanaryTick> {
  return readCanaryTick(database, canaryId, scheduleName);
}
