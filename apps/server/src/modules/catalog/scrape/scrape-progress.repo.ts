/** The job_history row of a running scrape (scrape-progress.ts): removed, inserted, updated, removed. */
import type { Database } from '@mc/db';
import { runQuery } from '../../jobs/index.js';

/** A scrape's phase and how many of its items are done. */
export interface ProgressDetails {
  phase: string;
  done: number;
  total: number;
}

/** Removes the RUNNING progress rows of a scraper (left by a worker that died mid-run). */
export async function deleteRunningProgress(database: Database, scraperId: string): Promise<void> {
  await runQuery(
    database.pool,
    "DELETE FROM job_history WHERE resource_type = 'config_scraper' AND resource_id = $1 AND status = 'RUNNING'",
    [scraperId],
  );
}

/** Inserts the RUNNING progress row of a scrape; returns its id. */
export async function insertProgress(
  database: Database,
  jobName: string,
  scraperId: string,
  progress: ProgressDetails,
  host: string,
): Promise<string | undefined> {
  const rows = await runQuery<{ id: string }>(
    database.pool,
    `INSERT INTO job_history (name, resource_type, resource_id, status, details, hostname, time_start)
     VALUES ($1, 'config_scraper', $2, 'RUNNING', $3::jsonb, $4, now()) RETURNING id`,
    [jobName, scraperId, JSON.stringify({ progress }), host],
  );
  return rows[0]?.id;
}

/** Writes a progress row's latest progress and the time it has run. */
export async function updateProgress(database: Database, id: string, progress: ProgressDetails): Promise<void> {
  await runQuery(
    database.pool,
    `UPDATE job_history SET details = $2::jsonb, success_count = $3,
                  duration_millis = (extract(epoch FROM now() - time_start) * 1000)::int
            WHERE id = $1`,
    [id, JSON.stringify({ progress }), progress.done],
  );
}

/** Removes one progress row. */
export async function deleteProgress(database: Database, id: string): Promise<void> {
  await runQuery(database.pool, 'DELETE FROM job_history WHERE id = $1', [id]);
}
