/**
 * config_analysis writes of the scrape engine: one row per (item, analyzer). A firing rule opens the row
 * or keeps it open (last_observed = now; first_observed restarts when it had been resolved); a row of
 * this scraper whose rule no longer fires is closed (status `resolved`).
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** One firing to store. */
export interface InsightWrite {
  config_id: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  message: string;
  status: string;
}

/** The status of a closed insight. */
export const RESOLVED_STATUS = 'resolved';

/** Opens or refreshes insights; returns how many were new or re-opened. */
export async function upsertInsights(
  executor: Executor,
  scraperId: string,
  source: string,
  rows: readonly InsightWrite[],
): Promise<number> {
  const result = await runQuery<{ opened: number }>(
    executor,
    `WITH up AS (
       INSERT INTO config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, message, summary, status,
                                    source, first_observed, last_observed)
       SELECT r.config_id, $1, r.analyzer, r.analysis_type, r.severity, r.message, r.message, r.status, $2, now(), now()
         FROM jsonb_to_recordset($3::jsonb)
           AS r(config_id uuid, analyzer text, analysis_type text, severity text, message text, status text)
       ON CONFLICT (config_id, analyzer) DO UPDATE
         SET analysis_type = excluded.analysis_type, severity = excluded.severity, message = excluded.message,
             summary = excluded.summary, status = excluded.status, scraper_id = excluded.scraper_id,
             last_observed = now(),
             first_observed = CASE WHEN config_analysis.status = '${RESOLVED_STATUS}' THEN now()
                                   ELSE config_analysis.first_observed END
       RETURNING (first_observed = last_observed) AS opened)
     SELECT count(*) FILTER (WHERE opened)::int AS opened FROM up`,
    [scraperId, source, JSON.stringify(rows)],
  );
  return result[0]?.opened ?? 0;
}

/** Closes this scraper's open insights that did not fire in this scrape; returns how many closed. */
export async function closeInsights(
  executor: Executor,
  scraperId: string,
  firing: readonly { config_id: string; analyzer: string }[],
): Promise<number> {
  const result = await runQuery<{ n: number }>(
    executor,
    `WITH closed AS (
       UPDATE config_analysis a SET status = '${RESOLVED_STATUS}', updated_at = now()
        WHERE a.scraper_id = $1 AND a.status <> '${RESOLVED_STATUS}'
          AND NOT EXISTS (
            SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS f(config_id uuid, analyzer text)
             WHERE f.config_id = a.config_id AND f.analyzer = a.analyzer)
       RETURNING 1)
     SELECT count(*)::int AS n FROM closed`,
    [scraperId, JSON.stringify(firing)],
  );
  return result[0]?.n ?? 0;
}
