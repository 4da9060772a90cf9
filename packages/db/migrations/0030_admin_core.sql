-- Administration core (issue 5): agent tokens, a guard against plaintext connection secrets, and the views
-- the settings pages read (upstream duty views: job_histories, job_history_names, event_queue_summary,
-- failed_events, agents_summary, connections_list).

-- Agent tokens: only the SHA-256 of the generated token is kept; the token is shown once.
ALTER TABLE agents ADD COLUMN token_hash text;
CREATE UNIQUE INDEX agents_token_hash_key ON agents (token_hash) WHERE token_hash IS NOT NULL;

-- Connection secrets are written by the server already encrypted (mcenc:v1:…) or as a reference
-- (secret://, configmap://). Any other value in password or certificate is refused, whichever path wrote it.
CREATE OR REPLACE FUNCTION connections_refuse_plaintext() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password IS NOT NULL AND NEW.password <> ''
     AND NEW.password !~ '^(mcenc:v[0-9]+:|secret://|configmap://)' THEN
    RAISE EXCEPTION 'connections.password must be encrypted; write connections through /api/connections'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.certificate IS NOT NULL AND NEW.certificate <> ''
     AND NEW.certificate !~ '^(mcenc:v[0-9]+:|secret://|configmap://)' THEN
    RAISE EXCEPTION 'connections.certificate must be encrypted; write connections through /api/connections'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER connections_refuse_plaintext BEFORE INSERT OR UPDATE ON connections
  FOR EACH ROW EXECUTE FUNCTION connections_refuse_plaintext();

-- The connections list without any secret column (what upstream's connections_list gives the console).
CREATE VIEW connections_list AS
SELECT id, name, namespace, type, source, insecure_tls, created_by, created_at, updated_at,
  (password IS NOT NULL AND password <> '') AS has_password,
  (certificate IS NOT NULL AND certificate <> '') AS has_certificate
FROM connections
WHERE deleted_at IS NULL;

-- text → uuid without raising: job_history.resource_id is free text.
CREATE OR REPLACE FUNCTION mc_try_uuid(value text) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' THEN value::uuid END
$$;

-- Job history with its resource's name and agent. Scalar lookups run only for the rows of a page.
CREATE VIEW job_histories AS
SELECT jh.id, jh.agent_id, jh.name, jh.success_count, jh.error_count, jh.details, jh.hostname,
  jh.duration_millis, jh.resource_type, jh.resource_id, jh.status, jh.time_start, jh.time_end, jh.created_at,
  CASE jh.resource_type
    WHEN 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id = mc_try_uuid(jh.resource_id))
    WHEN 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id = mc_try_uuid(jh.resource_id))
    WHEN 'config_scraper' THEN (SELECT s.name FROM config_scrapers s WHERE s.id = mc_try_uuid(jh.resource_id))
    WHEN 'catalog_scraper' THEN (SELECT s.name FROM config_scrapers s WHERE s.id = mc_try_uuid(jh.resource_id))
    WHEN 'component' THEN (SELECT co.name FROM components co WHERE co.id = mc_try_uuid(jh.resource_id))
    WHEN 'playbook' THEN (SELECT p.name FROM playbooks p WHERE p.id = mc_try_uuid(jh.resource_id))
    WHEN 'config' THEN (SELECT ci.name FROM config_items ci WHERE ci.id = mc_try_uuid(jh.resource_id))
  END AS resource_name,
  (SELECT jsonb_build_object('id', a.id, 'name', a.name) FROM agents a WHERE a.id = jh.agent_id) AS agent
FROM job_history jh;

-- Indexes for the Job history page's filters: time range and order, status excluded or included,
-- minimum duration, resource type and job name, each combined with the time order.
CREATE INDEX job_history_time_start_idx ON job_history (time_start DESC);
CREATE INDEX job_history_resource_type_idx ON job_history (resource_type, created_at DESC);
CREATE INDEX job_history_duration_idx ON job_history (created_at DESC, duration_millis);
CREATE INDEX job_history_not_success_idx ON job_history (created_at DESC) WHERE status <> 'SUCCESS';

-- Distinct job names by skipping through the (name, created_at) index instead of scanning every row.
CREATE VIEW job_history_names AS
WITH RECURSIVE names AS (
  (SELECT jh.name FROM job_history jh ORDER BY jh.name LIMIT 1)
  UNION ALL
  SELECT (SELECT jh.name FROM job_history jh WHERE jh.name > names.name ORDER BY jh.name LIMIT 1)
  FROM names
  WHERE names.name IS NOT NULL
)
SELECT name FROM names WHERE name IS NOT NULL;

-- Per event name: events waiting in the queue, those that failed at least once, and their errors.
CREATE VIEW event_queue_summary AS
WITH summary AS (
  SELECT name,
    count(*) AS pending,
    count(*) FILTER (WHERE error IS NOT NULL) AS failed,
    round(avg(attempts), 2)::float8 AS average_attempts,
    min(last_attempt) FILTER (WHERE error IS NOT NULL) AS first_failure,
    max(last_attempt) FILTER (WHERE error IS NOT NULL) AS last_failure
  FROM event_queue
  GROUP BY name
), errors AS (
  SELECT name, error, row_number() OVER (PARTITION BY name ORDER BY count(*) DESC, max(last_attempt) DESC) AS rank
  FROM event_queue
  WHERE error IS NOT NULL
  GROUP BY name, error
)
SELECT summary.name, summary.pending, summary.failed, summary.average_attempts, summary.first_failure,
  summary.last_failure, errors.error AS most_common_error
FROM summary
LEFT JOIN errors ON errors.name = summary.name AND errors.rank = 1;

-- Events whose last attempt failed.
CREATE VIEW failed_events AS
SELECT id, event_id, name, properties, error, delay, attempts, last_attempt, priority, created_at
FROM event_queue
WHERE error IS NOT NULL;

-- Lookups of an agent's resources (counts on the Agents page, cleanup on delete).
CREATE INDEX IF NOT EXISTS config_items_agent_id_idx ON config_items (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_scrapers_agent_id_idx ON config_scrapers (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS checks_agent_id_idx ON checks (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_agent_id_idx ON playbook_runs (agent_id);

-- Remote agents with health (seen within 61 s) and what they report; the local placeholder is not listed.
CREATE VIEW agents_summary AS
SELECT a.id, a.name, a.hostname, a.description, a.ip, a.version, a.username, a.person_id, a.properties, a.tls,
  a.cleanup, a.last_seen, a.last_received, a.created_by, a.created_at, a.updated_at,
  CASE
    WHEN a.last_seen IS NULL THEN 'unknown'
    WHEN a.last_seen >= now() - interval '61 seconds' THEN 'healthy'
    ELSE 'unhealthy'
  END AS health,
  CASE
    WHEN a.last_seen IS NULL THEN 'unknown'
    WHEN a.last_seen >= now() - interval '61 seconds' THEN 'online'
    ELSE 'offline'
  END AS status,
  (SELECT count(*) FROM config_items ci WHERE ci.agent_id = a.id AND ci.deleted_at IS NULL) AS config_count,
  (SELECT count(*) FROM config_scrapers cs WHERE cs.agent_id = a.id AND cs.deleted_at IS NULL) AS config_scrapper_count,
  (SELECT count(*) FROM checks ch WHERE ch.agent_id = a.id AND ch.deleted_at IS NULL) AS checks_count,
  (SELECT count(*) FROM playbook_runs pr WHERE pr.agent_id = a.id) AS playbook_runs_count
FROM agents a
WHERE a.deleted_at IS NULL AND a.id <> '00000000-0000-0000-0000-000000000000';
