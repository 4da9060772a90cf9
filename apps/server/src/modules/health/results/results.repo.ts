/**
 * Writing a run's result: one check_statuses row (its insert trigger updates the hourly and daily
 * rollups, migration 0040) and the check's status, last_runtime and next_runtime. The status trigger of
 * 0003 stamps last_transition_time only when the status flips, and 0040's puts check.passed /
 * check.failed on the event queue.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { type AuditEntry, recordAuditIn } from '../../../platform/audit.js';
import type { CheckResult } from '../check-types/check-context.js';

/**
 * Stores one result; safe to call twice for the same check and time (the second is ignored). A run a
 * person asked for (Run Now) brings its audit entry, written in the same transaction.
 */
export async function recordResult(
  db: Kysely<Tables>,
  checkId: string,
  time: Date,
  result: CheckResult,
  nextRuntime: Date | null,
  audit?: AuditEntry,
): Promise<void> {
  const healthy = result.status === 'healthy';
  await db.transaction().execute(async (trx) => {
    if (audit) await recordAuditIn(trx, audit);
    await sql`INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, details)
      VALUES (${checkId}, ${time.toISOString()}, ${healthy}, ${result.invalid ?? false}, ${result.duration},
        ${result.message}, ${result.error ?? null}, ${JSON.stringify(result.details)}::jsonb)
      ON CONFLICT (check_id, time) DO NOTHING`.execute(trx);
    // An older result arriving late (a retried job) must not overwrite a newer status.
    await sql`UPDATE checks SET status = ${result.status}, last_runtime = ${time.toISOString()},
        next_runtime = coalesce(${nextRuntime?.toISOString() ?? null}::timestamptz, next_runtime)
      WHERE id = ${checkId} AND (last_runtime IS NULL OR last_runtime <= ${time.toISOString()})`.execute(trx);
  });
}

/** Sets next_runtime of every live check of a canary (after its schedule moved). */
export async function setNextRuntime(db: Kysely<Tables>, canaryId: string, next: Date | null): Promise<void> {
  await sql`UPDATE checks SET next_runtime = ${next?.toISOString() ?? null}
    WHERE canary_id = ${canaryId} AND deleted_at IS NULL`.execute(db);
}
