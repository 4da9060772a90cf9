/**
 * The event queue as a consumer reads it. A claim takes, per resource, only its oldest live event (so
 * one resource's events are delivered in order), skips rows another replica holds (SKIP LOCKED and a
 * lease in `locked_until`), and counts the attempt. A delivered event is deleted; a failed one keeps
 * its error and waits out its backoff; past {@link EVENT_QUEUE_MAX_ATTEMPTS} it stays as a dead letter.
 */
import { EVENT_QUEUE_MAX_ATTEMPTS } from '@mc/contracts';
import type { QueuedEvent } from './event-resources.js';
import type { Sql } from './sql.js';

/** Claims up to `limit` due events for `owner` under a lease of `leaseMs`. */
export async function claimEvents(db: Sql, owner: string, leaseMs: number, limit: number): Promise<QueuedEvent[]> {
  return (await claimEventsWithVersion(db, owner, leaseMs, limit)).events;
}

/**
 * {@link claimEvents}, with the version of the rules and silences the claim's snapshot saw (migration
 * 0235; null when nothing was claimed): the consumer keeps what it read of them until it moves.
 */
export async function claimEventsWithVersion(
  db: Sql,
  owner: string,
  leaseMs: number,
  limit: number,
): Promise<{ events: QueuedEvent[]; version: string | null }> {
  const { rows } = await db.query<QueuedEvent & { rules_version__: string }>(
    `WITH candidates AS (
       SELECT e.id FROM event_queue e
       WHERE e.attempts < $1
         AND (e.locked_until IS NULL OR e.locked_until < clock_timestamp())
         AND (e.not_before IS NULL OR e.not_before <= clock_timestamp())
         AND NOT EXISTS (SELECT 1 FROM event_queue p
                         WHERE p.resource_key = e.resource_key AND p.id < e.id AND p.attempts < $1)
       ORDER BY e.priority DESC, e.id
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE event_queue q
     SET locked_until = clock_timestamp() + make_interval(secs => $3::float8 / 1000), locked_by = $4,
         attempts = q.attempts + 1, last_attempt = clock_timestamp()
     FROM candidates WHERE q.id = candidates.id
     RETURNING q.id, q.name, q.properties, q.attempts, q.created_at,
       (SELECT version::text FROM notification_rules_version) AS rules_version__`,
    [EVENT_QUEUE_MAX_ATTEMPTS, limit, leaseMs, owner],
  );
  const version = rows[0]?.rules_version__ ?? null;
  const events = rows.map(({ rules_version__: _, ...event }) => event).sort((a, b) => (a.id < b.id ? -1 : 1));
  return { events, version };
}

/** Removes a delivered event, only while `owner` still holds it (a lost lease leaves it to the new owner). */
export async function completeEvent(db: Sql, id: string, owner: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM event_queue WHERE id = $1 AND locked_by = $2', [id, owner]);
  return (rowCount ?? 0) > 0;
}

/** Records a failed attempt: the error, the lease released and the next attempt after `delayMs`. */
export async function failEvent(db: Sql, id: string, owner: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE event_queue SET error = $3, locked_until = NULL, delay = $4::int,
       not_before = clock_timestamp() + make_interval(secs => $4::int / 1000.0)
     WHERE id = $1 AND locked_by = $2`,
    [id, owner, error.slice(0, 2000), delayMs],
  );
}
