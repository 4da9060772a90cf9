/**
 * Writing results: a batch of runs (a canary's tick, or one Run Now) is one statement — its rows go to
 * check_results (migration 0055: compact rows behind the check_statuses view; the statement trigger
 * updates the hourly and daily rollups once per batch) and the checks get their status, last_runtime,
 * next_runtime, the fingerprint of their answer and their last stored message. Every run keeps its row —
 * time, status, duration, error and message — but the message is stored (with the duration elided) only
 * when it differs from the check's last stored one or starts a new UTC hour; the check_statuses view shows
 * the nearest earlier one otherwise. Older hours are packed into blocks (migration 0200, pack.job.ts): a
 * run of an hour the packer may already have taken keeps its message, and one already packed (a
 * repeated write) is not stored again. A run's details are kept only when it failed or its answer differs
 * from the check's previous one (volatile parts ignored, see details-fingerprint.ts). The status trigger of 0003
 * stamps last_transition_time only on a flip, and 0040's puts check.passed / check.failed on the queue.
 */
import { type Database, preparedReadsOf, type Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { type AuditEntry, recordAuditIn } from '../../../platform/audit.js';
import type { CheckResult } from '../check-types/check-context.js';
import { detailsFingerprint } from './details-fingerprint.js';

/** One run to store. */
export interface ResultEntry {
  checkId: string;
  /** When the run started (the row's time). */
  time: Date;
  result: CheckResult;
  /** The check's next tick, or null to leave next_runtime as it is. */
  nextRuntime: Date | null;
}

/**
 * Stores a batch of results in one statement; safe to repeat (a row already stored for the same check
 * and time is ignored). A check missing or deleted meanwhile stores nothing. A run a person asked for
 * (Run Now) brings its audit entry, written in the same transaction.
 */
export async function recordResults(db: Kysely<Tables>, entries: readonly ResultEntry[], audit?: AuditEntry) {
  if (entries.length === 0) return;
  const statement = batchStatement(entries);
  if (audit) {
    await db.transaction().execute(async (trx) => {
      await recordAuditIn(trx, audit);
      await statement.execute(trx);
    });
  } else {
    await statement.execute(db);
  }
}

/**
 * Stores a batch as {@link recordResults} does; on PostgreSQL as a prepared statement, so each connection
 * parses and plans the batch's statement once instead of for every batch (planning this statement cost
 * more PostgreSQL CPU than running it for a batch of 50; see docs/scaling.md). The embedded database runs
 * it as it comes (its connections share one session). @mc/db's preparedReadsOf prepares it from its
 * second use and runs a statement made stale by a schema change unprepared.
 */
export async function recordResultBatch(
  database: Pick<Database, 'engine' | 'pool' | 'db'>,
  entries: readonly ResultEntry[],
) {
  if (entries.length === 0) return;
  if (database.engine !== 'postgres') return recordResults(database.db, entries);
  const { sql: text, parameters } = batchStatement(entries).compile(database.db);
  await preparedReadsOf(database).query(text, parameters);
}

/** The one statement that stores a batch (see {@link recordResults}). */
function batchStatement(entries: readonly ResultEntry[]) {
  const rows = entries.map(({ checkId, time, result, nextRuntime }) => ({
    id: checkId,
    t: time.toISOString(),
    s: result.status === 'healthy',
    i: result.invalid ?? false,
    d: result.duration,
    m: result.message,
    e: result.error ?? null,
    x: result.details,
    h: detailsFingerprint(result.details),
    n: nextRuntime?.toISOString() ?? null,
  }));
  // One JSON parameter for the whole batch: the details travel as parts of it, serialised once.
  // An older result arriving late (a retried job) never overwrites a newer status or fingerprint.
  // The checks rows are locked first, so the decisions below see the latest stored message and answer.
  return sql`WITH v AS (
      SELECT v.*, k.result_key, k.details_hash AS old_hash, check_result_message_pack(v.m, v.d) AS packed,
        k.last_message, k.last_message_at, (k.last_runtime IS NULL OR k.last_runtime <= v.t) AS newest
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, t timestamptz, s boolean, i boolean, d integer, m text, e text, x jsonb, h bigint, n timestamptz)
      JOIN checks k ON k.id = v.id
      FOR UPDATE OF k
    ), w AS (
      SELECT v.*, (NOT newest OR last_message IS DISTINCT FROM packed OR last_message_at >= t
        OR check_result_hour(last_message_at) IS DISTINCT FROM check_result_hour(t)
        OR t < check_results_pack_cutoff() OR count(*) OVER (PARTITION BY id) > 1) AS keep_message,
        -- A batch holding several runs of one check (an import, never the runner) keeps each one's message
        -- and details, and updates the check from its newest run only.
        count(*) OVER (PARTITION BY id) > 1 AS repeated,
        newest AND t = max(t) OVER (PARTITION BY id) AS latest
      FROM v
    ), stored AS (
      INSERT INTO check_results (time, check_key, duration, status, invalid, message, error, details)
      SELECT t, result_key, d, s, i, CASE WHEN keep_message THEN packed END, e,
        CASE WHEN NOT s OR NOT newest OR repeated OR old_hash IS DISTINCT FROM h THEN x END
      FROM w WHERE t >= check_results_pack_cutoff() OR NOT check_result_packed(id, t) ORDER BY result_key
      ON CONFLICT (check_key, time) DO NOTHING
    ), flipped AS (
      -- Only a check whose status changes has status in its SET list, so the status triggers of 0003
      -- and 0040 (transition time, event queue) run for flips alone.
      UPDATE checks AS k SET status = CASE WHEN w.s THEN 'healthy' ELSE 'unhealthy' END, last_runtime = w.t,
        next_runtime = coalesce(w.n, k.next_runtime), details_hash = w.h,
        last_message = CASE WHEN w.keep_message THEN w.packed ELSE k.last_message END,
        last_message_at = CASE WHEN w.keep_message THEN w.t ELSE k.last_message_at END
      FROM w WHERE k.id = w.id AND w.latest AND k.status IS DISTINCT FROM CASE WHEN w.s THEN 'healthy' ELSE 'unhealthy' END
    )
    UPDATE checks AS k SET last_runtime = w.t, next_runtime = coalesce(w.n, k.next_runtime), details_hash = w.h,
      last_message = CASE WHEN w.keep_message THEN w.packed ELSE k.last_message END,
      last_message_at = CASE WHEN w.keep_message THEN w.t ELSE k.last_message_at END
    FROM w WHERE k.id = w.id AND w.latest AND k.status = CASE WHEN w.s THEN 'healthy' ELSE 'unhealthy' END`;
}

/** Stores one result (see {@link recordResults}). */
export async function recordResult(
  db: Kysely<Tables>,
  checkId: string,
  time: Date,
  result: CheckResult,
  nextRuntime: Date | null,
  audit?: AuditEntry,
): Promise<void> {
  await recordResults(db, [{ checkId, time, result, nextRuntime }], audit);
}

/** Sets next_runtime of every live check of a canary (after its schedule moved). */
export async function setNextRuntime(db: Kysely<Tables>, canaryId: string, next: Date | null): Promise<void> {
  await sql`UPDATE checks SET next_runtime = ${next?.toISOString() ?? null}
    WHERE canary_id = ${canaryId} AND deleted_at IS NULL`.execute(db);
}
