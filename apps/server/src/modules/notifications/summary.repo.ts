/** Per-rule delivery counts within a time range (the rules page's columns). */
import type { Sql } from './sql.js';

/** One rule's counts in the range. */
export interface RuleCounts {
  notification_id: string;
  sent: number;
  failed: number;
  silenced: number;
  suppressed: number;
  pending: number;
}

/** Counts of every rule's history rows created in [from, to). */
export async function countsInRange(db: Sql, from: Date, to: Date): Promise<RuleCounts[]> {
  const { rows } = await db.query<RuleCounts>(
    `SELECT notification_id,
       count(*) FILTER (WHERE status = 'sent')::int AS sent,
       count(*) FILTER (WHERE status = 'error')::int AS failed,
       count(*) FILTER (WHERE status = 'silenced')::int AS silenced,
       count(*) FILTER (WHERE status IN ('repeat-interval', 'inhibited', 'skipped'))::int AS suppressed,
       count(*) FILTER (WHERE status IN ('pending', 'evaluating-waitfor'))::int AS pending
     FROM notification_send_history WHERE created_at >= $1 AND created_at < $2
     GROUP BY notification_id`,
    [from, to],
  );
  return rows;
}
