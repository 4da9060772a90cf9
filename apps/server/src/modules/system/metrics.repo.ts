import type pg from 'pg';

/** Queue figures of one job type and state, as a scrape reports them. */
export interface QueueRow {
  name: string;
  state: 'pending' | 'running';
  jobs: number;
  /** Seconds the oldest due pending job has waited past its run_at; 0 for running jobs or none due. */
  lag_seconds: number;
}

/**
 * Pending and running jobs by type, with the wait of the oldest due pending job. Reads only the live
 * part of the queue (the partial claim and lease indexes cover it), never finished rows or history.
 */
export async function queueFigures(pool: pg.Pool): Promise<QueueRow[]> {
  const { rows } = await pool.query<QueueRow>(
    `SELECT name, state, count(*)::int AS jobs,
       COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE state = 'pending' AND run_at <= now())), 0)::float8
         AS lag_seconds
     FROM jobs WHERE state IN ('pending', 'running')
     GROUP BY name, state`,
  );
  return rows;
}

/**
 * Seconds the most overdue enabled schedule of `jobNames` is past its tick (0 when none is due): a
 * healthy scheduler fires a due schedule within about a second, so a growing figure means it is stuck
 * or overloaded.
 */
export async function schedulerLagSeconds(pool: pg.Pool, jobNames: string[]): Promise<number> {
  const { rows } = await pool.query<{ lag: number }>(
    `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(next_run_at)), 0)::float8 AS lag
     FROM schedules WHERE enabled AND next_run_at <= now() AND job_name = ANY($1::text[])`,
    [jobNames],
  );
  return Math.max(0, rows[0]?.lag ?? 0);
}

/**
 * Of `checkIds`, those no live check has any more (soft-deleted or gone): the scrape drops their
 * canary-checker series (platform/metrics/canary-check-metrics.ts), as canary-checker does for a removed check.
 */
export async function goneCheckIds(pool: pg.Pool, checkIds: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT t.id::text AS id FROM unnest($1::uuid[]) AS t(id)
     WHERE NOT EXISTS (SELECT 1 FROM checks k WHERE k.id = t.id AND k.deleted_at IS NULL)`,
    [checkIds],
  );
  return rows.map((row) => row.id);
}
