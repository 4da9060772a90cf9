/**
 * Seeds the health query benchmark server-side: one canary, N checks and one result per check per
 * minute over D days (generate_series; durations skewed like real latency, ~2% failures), then builds
 * the hourly (with their running totals, migration 0041) and daily rollups with their latency histograms
 * in SQL, as the insert trigger would.
 * The trigger and the raw table's indexes are off during the bulk insert and rebuilt after it.
 */
import type pg from 'pg';

const HIST = Array.from({ length: 40 }, (_, i) => `count(*) FILTER (WHERE b = ${i + 1})`).join(', ');
const HIST_SUM = Array.from({ length: 40 }, (_, i) => `sum(latency_hist[${i + 1}])`).join(', ');
const HIST_RUNNING = Array.from({ length: 40 }, (_, i) => `sum(latency_hist[${i + 1}]) OVER w`).join(', ');

/** Seeds `checks` checks × `days` days of one-minute results. */
export async function seedHealthBench(client: pg.PoolClient, options: { checks: number; days: number }): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q("INSERT INTO canaries (name, spec, schedule) VALUES ('bench', '{}', '@every 1m')");
  await q(
    `INSERT INTO checks (canary_id, type, name, status, labels)
     SELECT (SELECT id FROM canaries WHERE name = 'bench'), 'http', 'check-' || g,
       CASE WHEN g % 10 = 0 THEN 'unhealthy' ELSE 'healthy' END,
       jsonb_build_object('team', 'team-' || (g % 5))
     FROM generate_series(1, $1) AS g`,
    [options.checks],
  );
  // check_results is the compact table behind the check_statuses view (migration 0055).
  await q('ALTER TABLE check_results DISABLE TRIGGER check_results_rollup');
  await q('ALTER TABLE check_results DROP CONSTRAINT check_results_pkey');
  await q('DROP INDEX IF EXISTS check_results_time_brin, check_results_message_idx');
  // Checks in insertion order by time, like a live system appends them (keeps BRIN useful).
  await q(
    `INSERT INTO check_results (check_key, time, status, duration, message)
     SELECT k.result_key, t, random() > 0.02, (20 + 40 * random() + CASE WHEN random() < 0.05 THEN 2000 * random() ELSE 0 END)::int,
       check_result_message_pack('', NULL)
     FROM generate_series(date_trunc('minute', now()) - make_interval(days => $1), date_trunc('minute', now()), interval '1 minute') AS t
     CROSS JOIN checks k`,
    [options.days],
  );
  await q('ALTER TABLE check_results ADD PRIMARY KEY (check_key, time)');
  await q('CREATE INDEX check_results_time_brin ON check_results USING brin (time)');
  await q('CREATE INDEX check_results_message_idx ON check_results (check_key, time) WHERE message IS NOT NULL');
  await q('ALTER TABLE check_results ENABLE TRIGGER check_results_rollup');
  await q(
    `INSERT INTO check_statuses_1h (check_id, created_at, total, passed, failed, duration, latency_hist)
     SELECT check_id, date_trunc('hour', time), count(*), count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
       sum(duration), ARRAY[${HIST}]::int4[]
     FROM (SELECT check_id, time, status, duration, check_latency_bucket(duration) AS b FROM check_statuses) s
     GROUP BY 1, 2`,
  );
  await q(
    `UPDATE check_statuses_1h AS r SET cum_total = s.cum_total, cum_passed = s.cum_passed, cum_failed = s.cum_failed,
       cum_duration = s.cum_duration, cum_hist = s.cum_hist
     FROM (SELECT check_id, created_at, sum(total) OVER w AS cum_total, sum(passed) OVER w AS cum_passed,
             sum(failed) OVER w AS cum_failed, sum(duration) OVER w AS cum_duration, ARRAY[${HIST_RUNNING}]::int4[] AS cum_hist
           FROM check_statuses_1h WINDOW w AS (PARTITION BY check_id ORDER BY created_at)) s
     WHERE r.check_id = s.check_id AND r.created_at = s.created_at`,
  );
  await q(
    `INSERT INTO check_statuses_1d (check_id, created_at, total, passed, failed, duration, latency_hist)
     SELECT check_id, date_trunc('day', created_at), sum(total), sum(passed), sum(failed), sum(duration), ARRAY[${HIST_SUM}]::int4[]
     FROM check_statuses_1h GROUP BY 1, 2`,
  );
  await q('ANALYZE check_results');
  await q('VACUUM ANALYZE check_statuses_1h'); // the running-totals UPDATE left a dead version of every row
  await q('ANALYZE check_statuses_1d');
  await q('ANALYZE checks');
}
