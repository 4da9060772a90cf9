-- A cheaper rollup trigger (issue 32 item 2), same rows and meaning as 0234's. What 0234 spent on the
-- runner's batch (one run per check and hour, whose hour and day rows almost always exist):
--  * a 40-slot histogram built per run by check_hist_of (a PL/pgSQL call per run, twice: hour and day)
--    and then added slot by slot (check_hist_plus: 40 additions) to latency_hist, cum_hist and the day's
--    latency_hist;
--  * for every group, the insert's values — the previous hour's running totals looked up and their
--    histogram added — computed before ON CONFLICT found the hour's row and threw them away.
-- Now the existing hour and day rows are updated first, and only the groups with no row are inserted
-- (looking up the previous hour then); the insert keeps ON CONFLICT for a row another transaction added
-- meanwhile. A group of one run adds one to its bucket's slot (check_hist_inc: two slices and a
-- concatenation); a group of several runs (an import, a late batch) builds its histogram as before.

-- Adds one run in bucket `b` (1 to 40) to a histogram: slot b plus one; an empty histogram (or one of
-- another length) gets check_hist_plus's answer for the one-run histogram. Inlined where it is called.
CREATE OR REPLACE FUNCTION check_hist_inc(hist integer[], b integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN array_length(hist, 1) = 40 THEN hist[:b - 1] || (coalesce(hist[b], 0) + 1) || hist[b + 1:]
    ELSE check_hist_plus(hist, check_hist_add('{}', b)) END
$$;

-- Adds a group of runs to a histogram: its runs' histogram `runs`, or, when that is NULL (a group of
-- one run), its one bucket. Inlined where it is called.
CREATE OR REPLACE FUNCTION check_hist_plus_runs(hist integer[], bucket integer, runs integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN runs IS NULL THEN check_hist_inc(hist, bucket) ELSE check_hist_plus(hist, runs) END
$$;

CREATE OR REPLACE FUNCTION check_results_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  behind boolean;
BEGIN
  WITH n AS MATERIALIZED (
    SELECT k.id AS check_id, r.time, r.status, r.duration, check_latency_bucket(r.duration) AS bucket
    FROM added r JOIN checks k ON k.result_key = r.check_key
  ), a AS MATERIALIZED (
    -- Each check's hours in the batch: a group of one run keeps its bucket, a larger one its histogram.
    SELECT g.check_id, g.h, g.total, g.passed, g.failed, g.duration, g.buckets[1] AS bucket,
      CASE WHEN g.total > 1 THEN (SELECT check_hist_of(b) FROM unnest(g.buckets) AS b) END AS hist
    FROM (
      SELECT check_id, date_trunc('hour', time) AS h, count(*)::int AS total,
        count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE status IS NOT TRUE)::int AS failed,
        coalesce(sum(duration), 0)::bigint AS duration, array_agg(bucket) AS buckets
      FROM n GROUP BY 1, 2
    ) AS g
  ), d AS MATERIALIZED (
    SELECT g.check_id, g.day, g.total, g.passed, g.failed, g.duration, g.buckets[1] AS bucket,
      CASE WHEN g.total > 1 THEN (SELECT check_hist_of(b) FROM unnest(g.buckets) AS b) END AS hist
    FROM (
      SELECT check_id, date_trunc('day', time) AS day, count(*)::int AS total,
        count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE status IS NOT TRUE)::int AS failed,
        coalesce(sum(duration), 0)::bigint AS duration, array_agg(bucket) AS buckets
      FROM n GROUP BY 1, 2
    ) AS g
  ), hour_rows AS (
    UPDATE check_statuses_1h AS r SET total = r.total + a.total, passed = r.passed + a.passed,
        failed = r.failed + a.failed, duration = r.duration + a.duration,
        latency_hist = check_hist_plus_runs(r.latency_hist, a.bucket, a.hist),
        cum_total = r.cum_total + a.total, cum_passed = r.cum_passed + a.passed,
        cum_failed = r.cum_failed + a.failed, cum_duration = r.cum_duration + a.duration,
        cum_hist = check_hist_plus_runs(r.cum_hist, a.bucket, a.hist)
      FROM a WHERE r.check_id = a.check_id AND r.created_at = a.h
      RETURNING r.check_id, r.created_at
  ), new_hours AS MATERIALIZED (
    SELECT a.* FROM a WHERE NOT EXISTS (SELECT 1 FROM hour_rows u WHERE u.check_id = a.check_id AND u.created_at = a.h)
  ), hourly AS (
    INSERT INTO check_statuses_1h AS r (check_id, created_at, total, passed, failed, duration, latency_hist,
        cum_total, cum_passed, cum_failed, cum_duration, cum_hist)
      SELECT a.check_id, a.h, a.total, a.passed, a.failed, a.duration, check_hist_plus_runs('{}', a.bucket, a.hist),
        coalesce(prev.cum_total, 0) + a.total, coalesce(prev.cum_passed, 0) + a.passed,
        coalesce(prev.cum_failed, 0) + a.failed, coalesce(prev.cum_duration, 0) + a.duration,
        check_hist_plus_runs(coalesce(prev.cum_hist, '{}'), a.bucket, a.hist)
      FROM new_hours a
      LEFT JOIN LATERAL (
        SELECT cum_total, cum_passed, cum_failed, cum_duration, cum_hist FROM check_statuses_1h
        WHERE check_id = a.check_id AND created_at < a.h ORDER BY created_at DESC LIMIT 1
      ) AS prev ON true
      -- The hour's row added by another transaction since this statement's snapshot.
      ON CONFLICT (check_id, created_at) DO UPDATE SET total = r.total + EXCLUDED.total,
        passed = r.passed + EXCLUDED.passed, failed = r.failed + EXCLUDED.failed,
        duration = r.duration + EXCLUDED.duration, latency_hist = check_hist_plus(r.latency_hist, EXCLUDED.latency_hist),
        cum_total = r.cum_total + EXCLUDED.total, cum_passed = r.cum_passed + EXCLUDED.passed,
        cum_failed = r.cum_failed + EXCLUDED.failed, cum_duration = r.cum_duration + EXCLUDED.duration,
        cum_hist = check_hist_plus(r.cum_hist, EXCLUDED.latency_hist)
  ), day_rows AS (
    UPDATE check_statuses_1d AS r SET total = r.total + d.total, passed = r.passed + d.passed,
        failed = r.failed + d.failed, duration = r.duration + d.duration,
        latency_hist = check_hist_plus_runs(r.latency_hist, d.bucket, d.hist)
      FROM d WHERE r.check_id = d.check_id AND r.created_at = d.day
      RETURNING r.check_id, r.created_at
  ), daily AS (
    INSERT INTO check_statuses_1d AS r (check_id, created_at, total, passed, failed, duration, latency_hist)
      SELECT d.check_id, d.day, d.total, d.passed, d.failed, d.duration, check_hist_plus_runs('{}', d.bucket, d.hist)
      FROM d WHERE NOT EXISTS (SELECT 1 FROM day_rows u WHERE u.check_id = d.check_id AND u.created_at = d.day)
      ON CONFLICT (check_id, created_at) DO UPDATE SET total = r.total + EXCLUDED.total,
        passed = r.passed + EXCLUDED.passed, failed = r.failed + EXCLUDED.failed,
        duration = r.duration + EXCLUDED.duration, latency_hist = check_hist_plus(r.latency_hist, EXCLUDED.latency_hist)
  )
  -- Whether a later hour of a check in the batch exists (read before this statement's own rows), or the
  -- batch holds several hours of one check: the running totals of those later hours take the earlier ones.
  SELECT count(*) > count(DISTINCT a.check_id)
      OR EXISTS (SELECT 1 FROM a JOIN check_statuses_1h l ON l.check_id = a.check_id AND l.created_at > a.h)
    INTO behind FROM a;
  IF behind THEN
    -- Sees the rows the statement above wrote.
    WITH a AS (
      SELECT k.id AS check_id, date_trunc('hour', n.time) AS h, count(*)::int AS total,
        count(*) FILTER (WHERE n.status)::int AS passed, count(*) FILTER (WHERE n.status IS NOT TRUE)::int AS failed,
        coalesce(sum(n.duration), 0)::bigint AS duration, check_hist_of(check_latency_bucket(n.duration)) AS hist
      FROM added n JOIN checks k ON k.result_key = n.check_key
      GROUP BY 1, 2
    )
    UPDATE check_statuses_1h AS r SET cum_total = r.cum_total + x.total, cum_passed = r.cum_passed + x.passed,
        cum_failed = r.cum_failed + x.failed, cum_duration = r.cum_duration + x.duration,
        cum_hist = check_hist_plus(r.cum_hist, x.hist)
      FROM (
        SELECT l.check_id, l.created_at, sum(a.total)::int AS total, sum(a.passed)::int AS passed,
          sum(a.failed)::int AS failed, sum(a.duration)::bigint AS duration, check_hist_sum(a.hist) AS hist
        FROM a JOIN check_statuses_1h l ON l.check_id = a.check_id AND l.created_at > a.h
        GROUP BY 1, 2
      ) AS x
      WHERE r.check_id = x.check_id AND r.created_at = x.created_at;
  END IF;
  RETURN NULL;
END $$;
