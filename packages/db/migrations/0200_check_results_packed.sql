-- Packed check results (issue 32 item 1): results are stored like a time-series database. The current
-- hour stays as rows in check_results (migration 0055); every older check-hour is packed by the
-- check_results_pack job into one row of check_result_blocks: times as deltas from a step, durations as
-- digits, status and invalid as one letter per run, and the message, error and details only where they
-- change or exist. The text columns are compressed inline by TOAST (lz4 where the server has it, pglz
-- otherwise). check_statuses keeps answering the same rows and columns; it gains time_block (the UTC hour
-- of a run, hidden from the data API), which lets a reader bound and order by blocks (time filters and
-- `order=time` add it), since PostgreSQL cannot bound a block by a filter on the times inside it.

-- The UTC hour of a time: blocks are UTC hours whatever the session's time zone.
CREATE FUNCTION check_result_hour(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT date_bin('1 hour', t, timestamptz '2000-01-01 00:00:00+00') $$;

-- One run as the packer and the unpacker pass it: message packed as in 0055 (U+0001 for the duration,
-- U+0002 for no message), never NULL.
CREATE TYPE check_result_run AS (
  time timestamptz, status boolean, invalid boolean, duration integer, message text, error text, details jsonb
);

CREATE TABLE check_result_blocks (
  check_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  -- Per-block summary: how many runs, how many passed, the longest duration of a passing and of any run.
  runs integer NOT NULL,
  passed integer NOT NULL,
  max_passed_duration integer,
  max_duration integer,
  -- Times: microseconds since the hour divided by unit (1000 when every time is a whole millisecond);
  -- the first run's offset, then each gap minus step, comma-separated.
  unit integer NOT NULL,
  step bigint NOT NULL,
  times text NOT NULL,
  -- Durations in ms, comma-separated (empty for none).
  durations text NOT NULL,
  -- One letter per run: 'a' + 3 × status + invalid, each 0 true, 1 false, 2 NULL ('e': passed, valid).
  flags text NOT NULL,
  -- Messages where they change (message_at: the run's position, 1-based), errors and details where present.
  messages text[] NOT NULL,
  message_at integer[] NOT NULL,
  errors text[],
  error_at integer[],
  details jsonb[],
  details_at integer[],
  PRIMARY KEY (check_id, hour)
) WITH (toast_tuple_target = 128, fillfactor = 100);
-- Compressed in the row rather than moved to the TOAST table (a block is read with its key).
ALTER TABLE check_result_blocks ALTER COLUMN times SET STORAGE MAIN, ALTER COLUMN durations SET STORAGE MAIN,
  ALTER COLUMN flags SET STORAGE MAIN, ALTER COLUMN messages SET STORAGE MAIN, ALTER COLUMN message_at SET STORAGE MAIN,
  ALTER COLUMN errors SET STORAGE MAIN, ALTER COLUMN error_at SET STORAGE MAIN, ALTER COLUMN details SET STORAGE MAIN,
  ALTER COLUMN details_at SET STORAGE MAIN;
CREATE INDEX check_result_blocks_hour_brin ON check_result_blocks USING brin (hour);

DO $$
BEGIN
  ALTER TABLE check_result_blocks ALTER COLUMN times SET COMPRESSION lz4, ALTER COLUMN durations SET COMPRESSION lz4,
    ALTER COLUMN flags SET COMPRESSION lz4, ALTER COLUMN messages SET COMPRESSION lz4,
    ALTER COLUMN message_at SET COMPRESSION lz4, ALTER COLUMN errors SET COMPRESSION lz4,
    ALTER COLUMN details SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value OR undefined_object THEN
  NULL; -- built without lz4 (the embedded database): pglz, the default
END $$;

-- Packs one check-hour's runs into a block row. The runs come in time order; a NULL message is the
-- previous run's (`first`: the message before the first run, when it has none); of two runs at the same
-- time the first counts (a run packed already and stored again).
CREATE FUNCTION check_result_block_pack(id uuid, block_hour timestamptz, runs check_result_run[], first text)
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
  ), t AS (
    SELECT l.*, l.us / l.unit - coalesce(lag(l.us / l.unit) OVER (ORDER BY l.ord), 0) AS gap FROM l
  ), st AS (
    SELECT coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY gap) FILTER (WHERE ord > 1), 0)::bigint AS step FROM t
  )
  SELECT ROW(id, block_hour, count(*)::int, count(*) FILTER (WHERE t.status)::int,
    max(t.duration) FILTER (WHERE t.status), max(t.duration), min(t.unit), st.step,
    string_agg((CASE WHEN t.ord = 1 THEN t.gap ELSE t.gap - st.step END)::text, ',' ORDER BY t.ord),
    string_agg(coalesce(t.duration::text, ''), ',' ORDER BY t.ord),
    string_agg(chr(97 + 3 * CASE t.status WHEN true THEN 0 WHEN false THEN 1 ELSE 2 END
      + CASE t.invalid WHEN true THEN 0 WHEN false THEN 1 ELSE 2 END), '' ORDER BY t.ord),
    array_agg(t.m ORDER BY t.ord) FILTER (WHERE t.ord = 1 OR t.m IS DISTINCT FROM t.prev_m),
    array_agg(t.ord ORDER BY t.ord) FILTER (WHERE t.ord = 1 OR t.m IS DISTINCT FROM t.prev_m),
    array_agg(t.error ORDER BY t.ord) FILTER (WHERE t.error IS NOT NULL),
    array_agg(t.ord ORDER BY t.ord) FILTER (WHERE t.error IS NOT NULL),
    array_agg(t.details ORDER BY t.ord) FILTER (WHERE t.details IS NOT NULL),
    array_agg(t.ord ORDER BY t.ord) FILTER (WHERE t.details IS NOT NULL))::check_result_blocks
  FROM t, st GROUP BY st.step
$$;

-- The runs of a block, in time order (message still packed). Inlined into the query that calls it.
CREATE FUNCTION check_result_block_runs(b check_result_blocks) RETURNS SETOF check_result_run
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT b.hour + make_interval(secs => ((sum(u.e) OVER w + (u.ord - 1) * b.step) * b.unit)::float8 / 1000000),
    CASE WHEN u.f IN ('a', 'b', 'c') THEN true WHEN u.f IN ('d', 'e', 'f') THEN false END,
    CASE WHEN u.f IN ('a', 'd', 'g') THEN true WHEN u.f IN ('b', 'e', 'h') THEN false END,
    u.duration,
    b.messages[(count(*) FILTER (WHERE u.ord = ANY (b.message_at)) OVER w)::int],
    b.errors[array_position(b.error_at, u.ord::int)],
    b.details[array_position(b.details_at, u.ord::int)]
  FROM unnest(string_to_array(b.times, ',')::bigint[], string_to_array(b.durations, ',', '')::int[],
    string_to_array(b.flags, NULL)) WITH ORDINALITY AS u(e, duration, f, ord)
  WINDOW w AS (ORDER BY u.ord)
$$;

-- check_statuses as before, plus the packed hours. A stored row's NULL message is the nearest earlier
-- row's (always in the same UTC hour, which the packer keeps whole); a block holds its messages itself.
CREATE OR REPLACE VIEW check_statuses AS
  SELECT k.id AS check_id, r.time, r.status, r.invalid, r.duration,
    check_result_message(coalesce(r.message, (SELECT p.message FROM check_results p
      WHERE p.check_key = r.check_key AND p.time < r.time AND p.message IS NOT NULL
      ORDER BY p.time DESC LIMIT 1)), r.duration) AS message,
    r.error, r.details, NULL::text AS severity, r.time AS created_at, check_result_hour(r.time) AS time_block
  FROM check_results r JOIN checks k ON k.result_key = r.check_key
  UNION ALL
  -- Newest first, block by block: a page ordered by (time_block, time) descending with a LIMIT decodes
  -- only the blocks it shows (an incremental sort within each block).
  (SELECT b.check_id, d.time, d.status, d.invalid, d.duration, check_result_message(d.message, d.duration),
    d.error, d.details, NULL::text, d.time, b.hour
  FROM check_result_blocks b CROSS JOIN LATERAL check_result_block_runs(b) AS d
  ORDER BY b.hour DESC, d.time DESC);

-- Whether a run of a packed hour is stored (a repeated write of an already packed run is ignored).
CREATE FUNCTION check_result_packed(id uuid, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (SELECT 1 FROM check_result_blocks b CROSS JOIN LATERAL check_result_block_runs(b) AS d
    WHERE b.check_id = id AND b.hour = check_result_hour(at) AND d.time = at)
$$;

-- The oldest hour the packer may leave as rows: packing waits ten minutes past an hour for late results.
CREATE FUNCTION check_results_pack_cutoff() RETURNS timestamptz
LANGUAGE sql STABLE AS $$ SELECT check_result_hour(now() - interval '10 minutes') $$;

-- Packs up to max_groups check-hours older than cutoff's hour (merging late rows into an existing
-- block); returns the blocks written. The rollups already counted these rows when they were inserted.
CREATE FUNCTION check_results_pack(cutoff timestamptz, max_groups integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  WITH g AS (
    SELECT DISTINCT r.check_key, check_result_hour(r.time) AS hour FROM check_results r
    WHERE r.time < check_result_hour(cutoff) LIMIT max_groups
  ), gone AS (
    DELETE FROM check_results r USING g
    WHERE r.check_key = g.check_key AND r.time >= g.hour AND r.time < g.hour + interval '1 hour'
    RETURNING r.*, g.hour
  ), old AS (
    DELETE FROM check_result_blocks b USING g JOIN checks k ON k.result_key = g.check_key
    WHERE b.check_id = k.id AND b.hour = g.hour
    RETURNING b.*
  ), runs AS (
    SELECT k.id, gone.hour, gone.time, gone.status, gone.invalid, gone.duration, gone.message, gone.error,
      gone.details, 1 AS source
    FROM gone JOIN checks k ON k.result_key = gone.check_key
    UNION ALL
    SELECT old.check_id, old.hour, d.time, d.status, d.invalid, d.duration, d.message, d.error, d.details, 0
    FROM old CROSS JOIN LATERAL check_result_block_runs(old::check_result_blocks) AS d
  ), a AS (
    SELECT id, hour, array_agg(ROW(time, status, invalid, duration, message, error, details)::check_result_run
      ORDER BY time, source) AS runs
    FROM runs GROUP BY id, hour
  )
  INSERT INTO check_result_blocks
    SELECT p.* FROM a CROSS JOIN LATERAL check_result_block_pack(a.id, a.hour, a.runs,
      -- A first run without a message (written before the writer kept one per UTC hour): the nearest
      -- earlier stored one, or the previous block's last.
      CASE WHEN (a.runs[1]).message IS NULL THEN coalesce(
        (SELECT p.message FROM check_results p JOIN checks k ON k.result_key = p.check_key
          WHERE k.id = a.id AND p.time < (a.runs[1]).time AND p.message IS NOT NULL ORDER BY p.time DESC LIMIT 1),
        (SELECT b.messages[array_length(b.messages, 1)] FROM check_result_blocks b
          WHERE b.check_id = a.id AND b.hour < a.hour ORDER BY b.hour DESC LIMIT 1)) END) AS p;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END $$;

-- Writes through the view: as in 0055, and a run already packed is a unique violation.
CREATE OR REPLACE FUNCTION check_statuses_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  key integer;
  packed text := check_result_message_pack(NEW.message, NEW.duration);
BEGIN
  SELECT result_key INTO key FROM checks WHERE id = NEW.check_id;
  IF key IS NULL THEN
    RAISE foreign_key_violation USING MESSAGE = format('check %s does not exist', NEW.check_id);
  END IF;
  IF check_result_packed(NEW.check_id, NEW.time) THEN
    RAISE unique_violation USING MESSAGE = format('check %s already has a result at %s', NEW.check_id, NEW.time);
  END IF;
  INSERT INTO check_results (time, check_key, duration, status, invalid, message, error, details)
    VALUES (NEW.time, key, NEW.duration, NEW.status, NEW.invalid, packed, NEW.error, NEW.details);
  UPDATE checks SET last_message = packed, last_message_at = NEW.time
    WHERE id = NEW.check_id AND (last_message_at IS NULL OR last_message_at <= NEW.time);
  NEW.created_at := NEW.time;
  NEW.time_block := check_result_hour(NEW.time);
  RETURN NEW;
END $$;

-- Deleting a packed run rewrites its block without it (the block's other runs keep their messages).
CREATE OR REPLACE FUNCTION check_statuses_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  key integer := (SELECT result_key FROM checks WHERE id = OLD.check_id);
  gone text;
  block check_result_blocks;
  rest check_result_run[];
BEGIN
  DELETE FROM check_results WHERE check_key = key AND time = OLD.time RETURNING message INTO gone;
  IF FOUND THEN
    IF gone IS NOT NULL THEN
      UPDATE check_results SET message = gone WHERE check_key = key AND message IS NULL
        AND time = (SELECT min(time) FROM check_results WHERE check_key = key AND time > OLD.time);
    END IF;
    RETURN OLD;
  END IF;
  DELETE FROM check_result_blocks b WHERE b.check_id = OLD.check_id AND b.hour = check_result_hour(OLD.time)
    RETURNING b.* INTO block;
  IF FOUND THEN
    rest := ARRAY(SELECT d FROM check_result_block_runs(block) AS d WHERE d.time <> OLD.time ORDER BY d.time);
    IF cardinality(rest) > 0 THEN
      INSERT INTO check_result_blocks SELECT p.* FROM check_result_block_pack(OLD.check_id, block.hour, rest, NULL) AS p;
    END IF;
  END IF;
  RETURN OLD;
END $$;

-- A hard-deleted check takes its packed results with it too.
CREATE OR REPLACE FUNCTION checks_delete_results() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM check_results WHERE check_key IN (SELECT result_key FROM gone);
  DELETE FROM check_result_blocks WHERE check_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
