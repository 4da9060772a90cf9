/**
 * Storing check results for other modules (an agent's pushed runs, benches, tests): the face exports
 * these, not the repository.
 */
import type { Database, Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../../platform/audit.js';
import type { CheckResult } from '../check-types/check-context.js';
import {
  type ResultEntry,
  recordResults as recordBatch,
  recordResult as recordOne,
  recordResultBatch as recordPrepared,
} from './results.repo.js';

/** Stores a batch of results in one statement (see results.repo.ts); safe to repeat. */
export function recordResults(db: Kysely<Tables>, entries: readonly ResultEntry[], audit?: AuditEntry): Promise<void> {
  return recordBatch(db, entries, audit);
}

/** Stores one result (see {@link recordResults}). */
export function recordResult(
  db: Kysely<Tables>,
  checkId: string,
  time: Date,
  result: CheckResult,
  nextRuntime: Date | null,
  audit?: AuditEntry,
): Promise<void> {
  return recordOne(db, checkId, time, result, nextRuntime, audit);
}

/** Stores a batch as the runner's writer does: prepared on PostgreSQL (see results.repo.ts' recordResultBatch). */
export function recordResultBatch(
  database: Pick<Database, 'engine' | 'pool' | 'db'>,
  entries: readonly ResultEntry[],
): Promise<void> {
  return recordPrepared(database, entries);
}
