-- Health runtime: latency histograms on the rollups, rollups maintained as results arrive, check
-- transition events, and the read views of the health API (canary_names, checks_by_component,
-- check_summary_for_config).

-- Fixed log-spaced latency buckets: bucket i (1..40) holds durations in (1.35^(i-2), 1.35^(i-1)] ms;
-- bucket 1 holds 0..1 ms and bucket 40 everything from about 90 s up. Histograms of the same bucket
-- layout merge by adding element-wise, so percentiles over any range come from the rollups.
CREATE OR REPLACE FUNCTION check_latency_bucket(duration integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN duration IS NULL OR duration <= 1 THEN 1
    ELSE least(40, 1 + ceil(ln(duration::float8) / ln(1.35))::integer) END
$$;

ALTER TABLE check_statuses_1h ADD COLUMN latency_hist integer[] NOT NULL DEFAULT '{}';
ALTER TABLE check_statuses_1d ADD COLUMN latency_hist integer[] NOT NULL DEFAULT '{}';

CREATE INDEX check_statuses_1h_created_at_idx ON check_statuses_1h (created_at, check_id);
CREATE INDEX check_statuses_1d_created_at_idx ON check_statuses_1d (created_at, check_id);

-- Adds one sample to a histogram (grown to 40 slots on first use).
CREATE OR REPLACE FUNCTION check_hist_add(hist integer[], bucket integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result integer[] := CASE WHEN coalesce(array_length(hist, 1), 0) = 40 THEN hist ELSE array_fill(0, ARRAY[40]) END;
BEGIN
  result[bucket] := result[bucket] + 1;
  RETURN result;
END $$;

-- Every inserted result (runner, data API, imports) updates its hour and day rollup rows in
-- the same transaction, so the rollups never lag the raw table.
CREATE OR REPLACE FUNCTION check_statuses_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b integer := check_latency_bucket(NEW.duration);
  p integer := CASE WHEN NEW.status THEN 1 ELSE 0 END;
  f integer := CASE WHEN NEW.status THEN 0 ELSE 1 END;
  d bigint := coalesce(NEW.duration, 0);
BEGIN
  INSERT INTO check_statuses_1h AS r (check_id, created_at, total, passed, failed, duration, latency_hist)
    VALUES (NEW.check_id, date_trunc('hour', NEW.time), 1, p, f, d, check_hist_add('{}', b))
    ON CONFLICT (check_id, created_at) DO UPDATE SET total = r.total + 1, passed = r.passed + p,
      failed = r.failed + f, duration = r.duration + d, latency_hist = check_hist_add(r.latency_hist, b);
  INSERT INTO check_statuses_1d AS r (check_id, created_at, total, passed, failed, duration, latency_hist)
    VALUES (NEW.check_id, date_trunc('day', NEW.time), 1, p, f, d, check_hist_add('{}', b))
    ON CONFLICT (check_id, created_at) DO UPDATE SET total = r.total + 1, passed = r.passed + p,
      failed = r.failed + f, duration = r.duration + d, latency_hist = check_hist_add(r.latency_hist, b);
  RETURN NULL;
END $$;
CREATE TRIGGER check_statuses_rollup AFTER INSERT ON check_statuses
  FOR EACH ROW EXECUTE FUNCTION check_statuses_rollup();

-- History filters of the check modal: status and duration within one check's window, newest first.
CREATE INDEX check_statuses_check_status_time_idx ON check_statuses (check_id, status, time DESC);

-- Status transitions of a check put check.passed / check.failed on the event queue for notifications.
-- The first result of a new check is a transition only when it fails.
CREATE OR REPLACE FUNCTION checks_status_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('healthy', 'unhealthy')
     AND (OLD.status IS NOT NULL OR NEW.status = 'unhealthy') THEN
    INSERT INTO event_queue (name, properties)
      VALUES (CASE WHEN NEW.status = 'healthy' THEN 'check.passed' ELSE 'check.failed' END,
        jsonb_build_object('id', NEW.id, 'canary_id', NEW.canary_id,
          'last_runtime', coalesce(NEW.last_runtime, now())))
      ON CONFLICT (name, properties) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER checks_status_event AFTER UPDATE OF status ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_status_event();

-- Canary names for the console's filters (live canaries only).
CREATE VIEW canary_names AS
  SELECT id, name, namespace, source FROM canaries WHERE deleted_at IS NULL;

-- Checks linked to each component (topology cards, component health tab).
CREATE VIEW checks_by_component AS
  SELECT r.component_id, c.id, c.canary_id, c.name, c.type, c.icon, c.status, c.severity, c.labels,
    c.last_runtime, c.last_transition_time, c.namespace
  FROM check_component_relationships r
  JOIN checks c ON c.id = r.check_id AND c.deleted_at IS NULL
  WHERE r.deleted_at IS NULL;

-- Health of the checks linked to one catalog item: counts by status and the checks themselves.
CREATE OR REPLACE FUNCTION check_summary_for_config(id uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'healthy', count(*) FILTER (WHERE c.status = 'healthy'),
    'unhealthy', count(*) FILTER (WHERE c.status = 'unhealthy'),
    'unknown', count(*) FILTER (WHERE c.status IS NULL),
    'checks', coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
      'status', c.status, 'icon', c.icon, 'last_runtime', c.last_runtime) ORDER BY c.name)
      FILTER (WHERE c.id IS NOT NULL), '[]'::jsonb))
  FROM check_config_relationships r
  JOIN checks c ON c.id = r.check_id AND c.deleted_at IS NULL
  WHERE r.config_id = check_summary_for_config.id AND r.deleted_at IS NULL
$$;
