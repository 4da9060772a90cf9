-- Notification delivery (issue 16): the event queue is consumed (leases, order per resource, dead letters),
-- the missing event producers (catalog health, insights, component status, playbook runs), and the
-- summary views the console reads (upstream duty: notifications_summary, notification_send_history_summary).

-- The resource an event is about (its properties' id): events of one resource are delivered in order.
ALTER TABLE event_queue ADD COLUMN resource_key text GENERATED ALWAYS AS (COALESCE(properties ->> 'id', '')) STORED;
-- A consumer's lease: while locked_until is ahead, no other replica takes the event.
ALTER TABLE event_queue ADD COLUMN locked_until timestamptz;
ALTER TABLE event_queue ADD COLUMN locked_by text;
-- Earliest time of the next attempt after a failure (backoff).
ALTER TABLE event_queue ADD COLUMN not_before timestamptz;
CREATE INDEX event_queue_resource_key_idx ON event_queue (resource_key, id);
CREATE INDEX event_queue_claim_idx ON event_queue (attempts, id);

-- Pending counts what is still to be delivered; events past their attempts are dead letters (kept for
-- the administrator with their error).
CREATE OR REPLACE VIEW event_queue_summary AS
WITH summary AS (
  SELECT name,
    count(*) FILTER (WHERE attempts < 4) AS pending,
    count(*) FILTER (WHERE error IS NOT NULL) AS failed,
    round(avg(attempts), 2)::float8 AS average_attempts,
    min(last_attempt) FILTER (WHERE error IS NOT NULL) AS first_failure,
    max(last_attempt) FILTER (WHERE error IS NOT NULL) AS last_failure,
    count(*) FILTER (WHERE attempts >= 4) AS dead_letter
  FROM event_queue
  GROUP BY name
), errors AS (
  SELECT name, error, row_number() OVER (PARTITION BY name ORDER BY count(*) DESC, max(last_attempt) DESC) AS rank
  FROM event_queue
  WHERE error IS NOT NULL
  GROUP BY name, error
)
SELECT summary.name, summary.pending, summary.failed, summary.average_attempts, summary.first_failure,
  summary.last_failure, errors.error AS most_common_error, summary.dead_letter
FROM summary
LEFT JOIN errors ON errors.name = summary.name AND errors.rank = 1;

-- Catalog health changes: config.healthy / unhealthy / warning / unknown.
CREATE OR REPLACE FUNCTION config_items_health_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.health IS DISTINCT FROM OLD.health AND NEW.health IN ('healthy', 'unhealthy', 'warning', 'unknown')
     AND NEW.deleted_at IS NULL THEN
    INSERT INTO event_queue (name, properties)
      VALUES ('config.' || NEW.health, jsonb_build_object('id', NEW.id, 'at', clock_timestamp()))
      ON CONFLICT (name, properties) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_health_event AFTER UPDATE OF health ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_health_event();

-- Insights: a new analysis of a catalog item (the event's resource is the item).
CREATE OR REPLACE FUNCTION config_analysis_created_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, properties)
    VALUES ('insight.created', jsonb_build_object('id', NEW.config_id, 'analysis_id', NEW.id))
    ON CONFLICT (name, properties) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER config_analysis_created_event AFTER INSERT ON config_analysis
  FOR EACH ROW EXECUTE FUNCTION config_analysis_created_event();

-- Component status changes: component.healthy / unhealthy / warning / unknown.
CREATE OR REPLACE FUNCTION components_status_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('healthy', 'unhealthy', 'warning', 'unknown')
     AND NEW.deleted_at IS NULL THEN
    INSERT INTO event_queue (name, properties)
      VALUES ('component.' || NEW.status, jsonb_build_object('id', NEW.id, 'at', clock_timestamp()))
      ON CONFLICT (name, properties) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER components_status_event AFTER UPDATE OF status ON components
  FOR EACH ROW EXECUTE FUNCTION components_status_event();

-- Playbook runs: waiting for approval, completed, failed (whoever writes the run).
CREATE OR REPLACE FUNCTION playbook_runs_status_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event text := CASE NEW.status WHEN 'pending_approval' THEN 'playbook.run.approval_needed'
    WHEN 'completed' THEN 'playbook.run.completed' WHEN 'failed' THEN 'playbook.run.failed' END;
BEGIN
  IF event IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status) THEN
    INSERT INTO event_queue (name, properties)
      VALUES (event, jsonb_build_object('id', NEW.id, 'playbook_id', NEW.playbook_id, 'at', clock_timestamp()))
      ON CONFLICT (name, properties) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER playbook_runs_status_event AFTER INSERT OR UPDATE OF status ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_runs_status_event();

CREATE INDEX notification_send_history_silenced_by_idx ON notification_send_history (silenced_by)
  WHERE silenced_by IS NOT NULL;
CREATE INDEX notification_send_history_rule_resource_idx
  ON notification_send_history (notification_id, resource_id, source_event, created_at DESC);
CREATE INDEX notification_send_history_group_idx ON notification_send_history (notification_id, group_id)
  WHERE group_id IS NOT NULL;

-- Each rule with its delivery figures (upstream duty's notifications_summary).
CREATE VIEW notifications_summary AS
SELECT n.id, n.name, n.namespace, n.events, n.title, n.filter, n.person_id, n.team_id, n.playbook_id,
  n.custom_services, n.repeat_interval, n.wait_for, n.group_by, n.inhibitions, n.source, n.error, n.error_at,
  n.created_by, n.created_at, n.updated_at,
  count(h.id) FILTER (WHERE h.status IN ('pending', 'evaluating-waitfor')) AS pending,
  count(h.id) FILTER (WHERE h.status = 'sent') AS sent,
  count(h.id) FILTER (WHERE h.status = 'error') AS failed,
  count(h.id) FILTER (WHERE h.status = 'silenced') AS silenced,
  count(h.id) FILTER (WHERE h.status = 'repeat-interval') AS repeat_interval_count,
  count(h.id) FILTER (WHERE h.status = 'inhibited') AS inhibited,
  round(avg(h.duration_millis) FILTER (WHERE h.status = 'sent'))::float8 AS avg_duration_ms,
  mode() WITHIN GROUP (ORDER BY h.error) FILTER (WHERE h.status = 'error') AS most_common_error,
  max(h.created_at) FILTER (WHERE h.status = 'error') AS last_failed_at
FROM notifications n
LEFT JOIN notification_send_history h ON h.notification_id = n.id
WHERE n.deleted_at IS NULL
GROUP BY n.id;

-- The send history with its rule, its resource (name, kind, type) and the silence that held it back.
CREATE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.source_event, h.resource_id, h.resource_health, h.resource_status,
  h.status, h.body, h.count, h.first_observed, h.not_before, h.retries, h.person_id, h.team_id, h.connection_id,
  h.silenced_by, h.group_id, h.parent_id, h.error, h.duration_millis, h.created_at,
  n.name AS notification_name,
  k.kind AS resource_kind,
  COALESCE(ck.name, inc.title, ci.name, co.name, pb.name) AS resource_name,
  COALESCE(ck.type, inc.type, ci.type, co.type) AS resource_type,
  jsonb_build_object('id', h.resource_id, 'name', COALESCE(ck.name, inc.title, ci.name, co.name, pb.name),
    'type', COALESCE(ck.type, inc.type, ci.type, co.type)) AS resource,
  s.name AS silence_name, s.description AS silence_description
FROM notification_send_history h
JOIN notifications n ON n.id = h.notification_id
CROSS JOIN LATERAL (SELECT CASE split_part(h.source_event, '.', 1)
  WHEN 'check' THEN 'check' WHEN 'incident' THEN 'incident' WHEN 'config' THEN 'config' WHEN 'insight' THEN 'config'
  WHEN 'component' THEN 'component' WHEN 'playbook' THEN 'playbook_run' END AS kind) k
LEFT JOIN checks ck ON k.kind = 'check' AND ck.id = h.resource_id
LEFT JOIN incidents inc ON k.kind = 'incident' AND inc.id = h.resource_id
LEFT JOIN config_items ci ON k.kind = 'config' AND ci.id = h.resource_id
LEFT JOIN components co ON k.kind = 'component' AND co.id = h.resource_id
LEFT JOIN playbook_runs pr ON k.kind = 'playbook_run' AND pr.id = h.resource_id
LEFT JOIN playbooks pb ON pb.id = pr.playbook_id
LEFT JOIN notification_silences s ON s.id = h.silenced_by;
