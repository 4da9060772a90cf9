-- Packed check results decoded without a running window (issue 32 item 1). Migration 0200 stored a
-- block's times as the first run's offset then each gap minus step (the median gap), so reading a run's
-- time was a running sum over its block (`sum() OVER w`), and its message a running count of message_at
-- (`count() OVER w`): two window aggregates over every run read, most of the time of a week's history.
-- Now step is the schedule's period and `times` a base, then each run's offset minus (position − 1) ×
-- step minus the base: every value ≥ 0, on a regular schedule its start jitter, and a run's time is read
-- from its own value. A run's message is found by a binary search of message_at (width_bucket). Every
-- other column keeps its meaning; existing blocks are converted in place; check_statuses and
-- check_result_packed answer as before.

-- A block's times: its runs' offsets (in unit since the hour, in time order) as step and times. step is
-- the mean of the gaps within a tenth of the median gap (not a missed run's, nor a Run Now's), which on a
-- regular schedule is its period to the unit: the median gap alone is often a unit off, and every later
-- value would grow by it. times is the base, then each run's offset − (position − 1) × step − base, the
-- base being the least of offset − (position − 1) × step, so every value is ≥ 0.
CREATE FUNCTION check_result_times_pack(offsets bigint[], OUT step bigint, OUT times text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH o AS (
    SELECT u.ord, u.offs, u.offs - lag(u.offs) OVER (ORDER BY u.ord) AS gap
    FROM unnest(offsets) WITH ORDINALITY AS u(offs, ord)
  ), md AS (
    SELECT coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY o.gap), 0)::bigint AS median FROM o
  ), st AS (
    SELECT coalesce(round(avg(o.gap) FILTER (WHERE abs(o.gap - md.median) * 10 <= md.median)), md.median)::bigint AS step
    FROM o, md GROUP BY md.median
  ), v AS (
    SELECT o.ord, st.step, o.offs - (o.ord - 1) * st.step AS v FROM o, st
  ), b AS (
    SELECT v.*, min(v.v) OVER () AS base FROM v
  )
  SELECT min(b.step), min(b.base)::text || ',' || string_agg((b.v - b.base)::text, ',' ORDER BY b.ord) FROM b
$$;

-- Existing blocks: the running sum of the old values is each run's offset minus (position − 1) × step.
UPDATE check_result_blocks b SET (step, times) = (
  SELECT p.step, p.times FROM check_result_times_pack(ARRAY(
    SELECT (sum(u.e) OVER (ORDER BY u.ord))::bigint + (u.ord - 1) * b.step
    FROM unnest(string_to_array(b.times, ',')::bigint[]) WITH ORDINALITY AS u(e, ord) ORDER BY u.ord)) AS p);

-- Packs one check-hour's runs into a block row, as in 0200 but for the times. The runs come in time
-- order; a NULL message is the previous run's (`first`: the message before the first run, when it has
-- none); of two runs at the same time the first counts (a run packed already and stored again).
CREATE OR REPLACE FUNCTION check_result_block_pack(id uuid, block_hour timestamptz, runs check_result_run[], first text)
RETURNS check_result_blocks
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH u AS (
    SELECT u.*, lag(u.time) OVER (ORDER BY u.i) AS prev_time
    FROM unnest(runs) WITH ORDINALITY AS u(time, status, invalid, duration, message, error, details, i)
  ), c AS (
    SELECT u.*, (row_number() OVER (ORDER BY u.i))::int AS ord, count(u.message) OVER (ORDER BY u.i) AS grp,
      (extract(epoch FROM u.time - block_hour) * 1000000)::bigint AS us
    FROM u WHERE u.prev_time IS DISTINCT FROM u.time
  ), r AS (
    SELECT c.*, coalesce(first_value(c.message) OVER (PARTITION BY c.grp ORDER BY c.ord), first, chr(2)) AS m FROM c
  ), l AS (
    SELECT r.*, lag(r.m) OVER (ORDER BY r.ord) AS prev_m,
      CASE WHEN bool_and(r.us % 1000 = 0) OVER () THEN 1000 ELSE 1 END AS unit FROM r
  ), e AS (
    SELECT p.step, p.times FROM (SELECT array_agg(l.us / l.unit ORDER BY l.ord) AS offsets FROM l) AS a,
      check_result_times_pack(a.offsets) AS p
  )
  SELECT ROW(id, block_hour, count(*)::int, count(*) FILTER (WHERE l.status)::int,
    max(l.duration) FILTER (WHERE l.status), max(l.duration), min(l.unit), e.step, e.times,
    string_agg(coalesce(l.duration::text, ''), ',' ORDER BY l.ord),
    string_agg(chr(97 + 3 * CASE l.status WHEN true THEN 0 WHEN false THEN 1 ELSE 2 END
      + CASE l.invalid WHEN true THEN 0 WHEN false THEN 1 ELSE 2 END), '' ORDER BY l.ord),
    array_agg(l.m ORDER BY l.ord) FILTER (WHERE l.ord = 1 OR l.m IS DISTINCT FROM l.prev_m),
    array_agg(l.ord ORDER BY l.ord) FILTER (WHERE l.ord = 1 OR l.m IS DISTINCT FROM l.prev_m),
    array_agg(l.error ORDER BY l.ord) FILTER (WHERE l.error IS NOT NULL),
    array_agg(l.ord ORDER BY l.ord) FILTER (WHERE l.error IS NOT NULL),
    array_agg(l.details ORDER BY l.ord) FILTER (WHERE l.details IS NOT NULL),
    array_agg(l.ord ORDER BY l.ord) FILTER (WHERE l.details IS NOT NULL))::check_result_blocks
  FROM l, e GROUP BY e.step, e.times
$$;

-- The runs of a block, newest first (message still packed); inlined into the query that calls it. No
-- window and nothing parsed per run: `k` reads the block once (its times and durations parsed, every
-- array decompressed, and the fields each run needs, which read per run from the block's row value would
-- be looked up in it each time), then each run is read by its position `ord`: its time from its own
-- value, its flags byte, its duration, its message by a binary search of message_at, its error and
-- details where it has them. Newest first because the view orders a check's runs newest first, block by
-- block, so its sort finds each block's runs in order. The outer `OFFSET 0` computes each run's values
-- once (a filter on time and the view's message unpacking read them again).
CREATE OR REPLACE FUNCTION check_result_block_runs(b check_result_blocks) RETURNS SETOF check_result_run
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT d.* FROM (
    SELECT k.hour + make_interval(secs => ((k.t[1] + k.t[u.ord + 1] + (u.ord - 1) * k.step) * k.unit)::float8 / 1000000) AS time,
      CASE (get_byte(k.f, u.ord - 1) - 97) / 3 WHEN 0 THEN true WHEN 1 THEN false END AS status,
      CASE (get_byte(k.f, u.ord - 1) - 97) % 3 WHEN 0 THEN true WHEN 1 THEN false END AS invalid,
      k.d[u.ord] AS duration,
      k.messages[width_bucket(u.ord, k.message_at)] AS message,
      k.errors[array_position(k.error_at, u.ord)] AS error,
      k.details[array_position(k.details_at, u.ord)] AS details
    -- `|| '{}'` hands on each array decompressed once (a subscript of the stored value decompresses it).
    FROM (SELECT b.hour, b.step, b.unit, string_to_array(b.times, ',')::bigint[] AS t,
        string_to_array(b.durations, ',', '')::int[] AS d, decode(b.flags, 'escape') AS f,
        b.messages || '{}'::text[] AS messages, b.message_at || '{}'::int[] AS message_at,
        b.errors || '{}'::text[] AS errors, b.error_at || '{}'::int[] AS error_at,
        b.details || '{}'::jsonb[] AS details, b.details_at || '{}'::int[] AS details_at
      OFFSET 0) AS k,
      (SELECT generate_series(b.runs, 1, -1) AS ord) AS u
    OFFSET 0) AS d
$$;
