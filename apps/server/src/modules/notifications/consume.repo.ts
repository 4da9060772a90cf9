/**
 * The consumer's write in one statement (issue 32 item 5): removing the event (only while this consumer
 * still holds it), writing its send-history rows and queueing their sends were a transaction of five
 * round trips (BEGIN, DELETE, INSERT, INSERT, COMMIT); as data-modifying CTEs of one statement they are
 * still all-or-nothing, in one round trip. Rows that join a group need the group's advisory lock and
 * lead first, so the consumer keeps its transaction for those (event-consumer.ts).
 */
import { JOBS_CHANNEL } from '../jobs/index.js';
import { HISTORY_COLUMNS, type NewHistory } from './history.repo.js';
import type { Sql } from './sql.js';

/** The send job each pending or waiting row gets (the definition's name, attempts and resource type). */
export interface SendJobShape {
  name: string;
  maxAttempts: number;
  resourceType?: string;
}

/**
 * Deletes event `eventId` if `owner` still holds it and, only then, inserts `rows` and one `job` per
 * row that is `pending` or `evaluating-waitfor` (run at its `not_before`, else now; its resource the
 * rule), notifying the job channel as `enqueue` does. `consumed` is false when the lease was lost
 * (nothing written); `successor` says another event of the same resource is queued (claimable now that
 * this one is gone).
 */
export async function consumeInOneStatement(
  db: Sql,
  eventId: string,
  owner: string,
  rows: readonly NewHistory[],
  job: SendJobShape,
): Promise<{ consumed: boolean; successor: boolean }> {
  const list = HISTORY_COLUMNS.join(', ');
  const { rows: result } = await db.query<{ consumed: number; successor: boolean }>(
    `WITH consumed AS (
       DELETE FROM event_queue WHERE id = $1 AND locked_by = $2 RETURNING id, resource_key
     ), inserted AS (
       INSERT INTO notification_send_history (${list}, first_observed)
       SELECT ${list}, created_at
       FROM jsonb_populate_recordset(NULL::notification_send_history, $3::jsonb)
       WHERE EXISTS (SELECT 1 FROM consumed)
       RETURNING id, notification_id, status, not_before
     ), queued AS (
       INSERT INTO jobs (name, payload, priority, run_at, max_attempts, resource_type, resource_id)
       SELECT $4, jsonb_build_object('historyId', i.id::text), 0, COALESCE(i.not_before, now()), $5, $6,
              i.notification_id::text
       FROM inserted i WHERE i.status IN ('pending', 'evaluating-waitfor')
       RETURNING id
     )
     SELECT (SELECT count(*)::int FROM consumed) AS consumed,
            EXISTS (SELECT 1 FROM event_queue e JOIN consumed c ON e.resource_key = c.resource_key AND e.id <> c.id)
              AS successor,
            CASE WHEN EXISTS (SELECT 1 FROM queued) THEN pg_notify('${JOBS_CHANNEL}', '') END AS notified`,
    [eventId, owner, JSON.stringify(rows), job.name, job.maxAttempts, job.resourceType ?? null],
  );
  return { consumed: (result[0]?.consumed ?? 0) > 0, successor: result[0]?.successor === true };
}
