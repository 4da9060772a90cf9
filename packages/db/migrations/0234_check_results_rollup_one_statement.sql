-- The rollups of a batch of results in one statement (issue 32 item 2). The statement trigger of 0055 ran
-- three statements per insert, each joining the batch to checks and computing its histograms again, and
-- added histograms with a subquery (unnest, sort, ARRAY) per rollup row: about half of PostgreSQL's CPU
-- for a stored result. Now the batch is joined to checks and grouped once, the hour and day rows are
-- upserted by one statement, and the later hours' running totals are updated only when a batch needs it
-- (a late result, or several hours of one check in one batch); histograms add element by element in an
-- expression the planner inlines. Same rows and meaning as 0055 (status NULL counts as failed). The
-- trigger stays on check_results, after the insert, so every writer (the runner's batch, the view, an
-- import, a seed) keeps its rollups, and its statements read what earlier writers of the same checks
-- committed (the runner's statement locks their checks rows first).

-- Element-wise sum of two histograms of 40 slots (either may be empty); inlined where it is called in a
-- query, so adding one to a rollup row is 40 additions, not a subquery.
CREATE OR REPLACE FUNCTION check_hist_plus(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN coalesce(array_length(a, 1), 0) = 0 THEN b
    WHEN coalesce(array_length(b, 1), 0) = 0 THEN a
    ELSE ARRAY[
    coalesce(a[1], 0) + coalesce(b[1], 0), coalesce(a[2], 0) + coalesce(b[2], 0), coalesce(a[3], 0) + coalesce(b[3], 0), coalesce(a[4], 0) + coalesce(b[4], 0),
    coalesce(a[5], 0) + coalesce(b[5], 0), coalesce(a[6], 0) + coalesce(b[6], 0), coalesce(a[7], 0) + coalesce(b[7], 0), coalesce(a[8], 0) + coalesce(b[8], 0),
    coalesce(a[9], 0) + coalesce(b[9], 0), coalesce(a[10], 0) + coalesce(b[10], 0), coalesce(a[11], 0) + coalesce(b[11], 0), coalesce(a[12], 0) + coalesce(b[12], 0),
    coalesce(a[13], 0) + coalesce(b[13], 0), coalesce(a[14], 0) + coalesce(b[14], 0), coalesce(a[15], 0) + coalesce(b[15], 0), coalesce(a[16], 0) + coalesce(b[16], 0),
    coalesce(a[17], 0) + coalesce(b[17], 0), coalesce(a[18], 0) + coalesce(b[18], 0), coalesce(a[19], 0) + coalesce(b[19], 0), coalesce(a[20], 0) + coalesce(b[20], 0),
    coalesce(a[21], 0) + coalesce(b[21], 0), coalesce(a[22], 0) + coalesce(b[22], 0), coalesce(a[23], 0) + coalesce(b[23], 0), coalesce(a[24], 0) + coalesce(b[24], 0),
    coalesce(a[25], 0) + coalesce(b[25], 0), coalesce(a[26], 0) + coalesce(b[26], 0), coalesce(a[27], 0) + coalesce(b[27], 0), coalesce(a[28], 0) + coalesce(b[28], 0),
    coalesce(a[29], 0) + coalesce(b[29], 0), coalesce(a[30], 0) + coalesce(b[30], 0), coalesce(a[31], 0) + coalesce(b[31], 0), coalesce(a[32], 0) + coalesce(b[32], 0),
    coalesce(a[33], 0) + coalesce(b[33], 0), coalesce(a[34], 0) + coalesce(b[34], 0), coalesce(a[35], 0) + coalesce(b[35], 0), coalesce(a[36], 0) + coalesce(b[36], 0),
    coalesce(a[37], 0) + coalesce(b[37], 0), coalesce(a[38], 0) + coalesce(b[38], 0), coalesce(a[39], 0) + coalesce(b[39], 0), coalesce(a[40], 0) + coalesce(b[40], 0)]
  END
$$;

CREATE OR REPLACE FUNCTION check_results_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  behind boolean;
BEGIN
  WITH n AS MATERIALIZED (
    SELECT k.id AS check_id, r.time, r.status, r.duration, check_latency_bucket(r.duration) AS bucket
    FROM added r JOIN checks k ON k.result_key = r.check_key
  ), a AS (
    SELECT check_id, date_trunc('hour', time) AS h, count(*)::int AS total,
      count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE status IS NOT TRUE)::int AS failed,
      coalesce(sum(duration), 0)::bigint AS duration, check_hist_of(bucket) AS hist
    FROM n GROUP BY 1, 2
  ), hourly AS (
    INSERT INTO check_statuses_1h AS r (check_id, created_at, total, passed, failed, duration, latency_hist,
        cum_total, cum_passed, cum_failed, cum_duration, cum_hist)
      SELECT a.check_id, a.h, a.total, a.passed, a.failed, a.duration, a.hist,
        coalesce(prev.cum_total, 0) + a.total, coalesce(prev.cum_passed, 0) + a.passed,
        coalesce(prev.cum_failed, 0) + a.failed, coalesce(prev.cum_duration, 0) + a.duration,
        check_hist_plus(coalesce(prev.cum_hist, '{}'), a.hist)
      FROM a
      LEFT JOIN LATERAL (
        SELECT cum_total, cum_passed, cum_failed, cum_duration, cum_hist FROM check_statuses_1h
        WHERE check_id = a.check_id AND created_at < a.h ORDER BY created_at DESC LIMIT 1
      ) AS prev ON true
      ON CONFLICT (check_id, created_at) DO UPDATE SET total = r.total + EXCLUDED.total,
        passed = r.passed + EXCLUDED.passed, failed = r.failed + EXCLUDED.failed,
        duration = r.duration + EXCLUDED.duration, latency_hist = check_hist_plus(r.latency_hist, EXCLUDED.latency_hist),
        cum_total = r.cum_total + EXCLUDED.total, cum_passed = r.cum_passed + EXCLUDED.passed,
        cum_failed = r.cum_failed + EXCLUDED.failed, cum_duration = r.cum_duration + EXCLUDED.duration,
        cum_hist = check_hist_plus(r.cum_hist, EXCLUDED.latency_hist)
  ), daily AS (
    INSERT INTO check_statuses_1d AS r (check_id, created_at, total, passed, failed, duration, latency_hist)
      SELECT check_id, date_trunc('day', time), count(*)::int, count(*) FILTER (WHERE status)::int,
        count(*) FILTER (WHERE status IS NOT TRUE)::int, coalesce(sum(duration), 0)::bigint, check_hist_of(bucket)
      FROM n GROUP BY 1, 2
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
