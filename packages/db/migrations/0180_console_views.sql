-- Views and a function the upstream console reads by name (issue 29, class 3), with the columns of
-- flanksource/duty's schema. Each is read-only and authorised like its base table (rbac/table-kinds.ts).

-- Playbook picker: live playbooks, by name.
CREATE VIEW playbook_names AS
  SELECT p.id, p.title, p.name, p.namespace, coalesce(p.description, p.spec ->> 'description') AS description,
    coalesce(p.category, p.spec ->> 'category') AS category, coalesce(p.icon, p.spec ->> 'icon') AS icon
  FROM playbooks p
  WHERE p.deleted_at IS NULL;

-- The actions of a run and of the runs it started, in start order, with their agent and artifacts
-- (metadata only: an artifact's content is read through /api/artifacts).
CREATE FUNCTION get_playbook_run_actions(run_id uuid)
RETURNS TABLE (
  id uuid, name text, playbook_run_id uuid, status text, scheduled_time timestamptz, start_time timestamptz,
  end_time timestamptz, result jsonb, agent_id uuid, retry_count integer, agent jsonb, artifacts jsonb
)
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time, a.result,
    a.agent_id, a.retry_count,
    CASE WHEN ag.id IS NULL THEN NULL ELSE jsonb_build_object('id', ag.id, 'name', ag.name) END,
    (SELECT jsonb_agg(jsonb_build_object('id', f.id, 'path', f.path, 'filename', f.filename, 'size', f.size,
        'content_type', f.content_type, 'checksum', f.checksum, 'created_at', f.created_at) ORDER BY f.created_at)
     FROM artifacts f WHERE f.playbook_run_action_id = a.id AND f.deleted_at IS NULL)
  FROM playbook_run_actions a
  JOIN playbook_runs r ON r.id = a.playbook_run_id AND (r.id = get_playbook_run_actions.run_id OR r.parent_id = get_playbook_run_actions.run_id)
  LEFT JOIN agents ag ON ag.id = coalesce(a.agent_id, r.agent_id)
  ORDER BY a.start_time NULLS LAST, a.scheduled_time
$$;

-- Permission rows with their subject and the resource they name, as objects for display.
CREATE VIEW permissions_summary AS
  SELECT p.id, p.name, p.namespace, p.description, p.error, p.source, p.action, p.object, p.object_selector,
    p.deny, p.subject, p.subject_type, p.created_at, p.updated_at, p.deleted_at, p.created_by, p.updated_by,
    p.until, p.tags, p.agents, p.person_id, p.team_id, p.notification_id, p.component_id, p.config_id,
    p.check_id, p.canary_id, p.playbook_id, p.connection_id,
    CASE WHEN pe.id IS NOT NULL THEN jsonb_build_object('id', pe.id, 'name', pe.name, 'email', pe.email) END AS person,
    CASE WHEN t.id IS NOT NULL THEN jsonb_build_object('id', t.id, 'namespace', t.source, 'name', t.name) END AS team,
    CASE WHEN sc.id IS NOT NULL THEN jsonb_build_object('id', sc.id, 'namespace', sc.namespace, 'name', sc.name) END AS canary,
    NULL::jsonb AS "group",
    CASE WHEN n.id IS NOT NULL THEN jsonb_build_object('id', n.id, 'namespace', n.namespace, 'name', n.name) END AS notification,
    CASE WHEN sp.id IS NOT NULL THEN jsonb_build_object('id', sp.id, 'namespace', sp.namespace, 'name', sp.name) END AS playbook,
    CASE WHEN cs.id IS NOT NULL THEN jsonb_build_object('id', cs.id, 'namespace', cs.namespace, 'name', cs.name) END AS scraper,
    CASE WHEN tp.id IS NOT NULL THEN jsonb_build_object('id', tp.id, 'namespace', tp.namespace, 'name', tp.name) END AS topology,
    CASE WHEN comp.id IS NOT NULL THEN jsonb_build_object('id', comp.id, 'icon', coalesce(comp.icon, comp.type), 'name', comp.name) END AS component_object,
    CASE WHEN ci.id IS NOT NULL THEN jsonb_build_object('id', ci.id, 'icon', ci.icon, 'type', ci.type, 'name', ci.name) END AS config_object,
    CASE WHEN cn.id IS NOT NULL THEN jsonb_build_object('id', cn.id, 'name', cn.name) END AS canary_object,
    CASE WHEN pb.id IS NOT NULL THEN jsonb_build_object('id', pb.id, 'icon', pb.icon, 'name', coalesce(pb.title, pb.name)) END AS playbook_object,
    CASE WHEN conn.id IS NOT NULL THEN jsonb_build_object('id', conn.id, 'type', conn.type, 'name', conn.name) END AS connection_object
  FROM permissions p
  LEFT JOIN people pe ON pe.deleted_at IS NULL AND (pe.id = p.person_id OR (p.subject_type = 'person' AND pe.id::text = p.subject))
  LEFT JOIN teams t ON t.deleted_at IS NULL AND (t.id = p.team_id OR (p.subject_type = 'team' AND t.id::text = p.subject))
  LEFT JOIN canaries sc ON p.subject_type = 'canary' AND sc.id::text = p.subject AND sc.deleted_at IS NULL
  LEFT JOIN notifications n ON n.deleted_at IS NULL AND (n.id = p.notification_id OR (p.subject_type = 'notification' AND n.id::text = p.subject))
  LEFT JOIN playbooks sp ON p.subject_type = 'playbook' AND sp.id::text = p.subject AND sp.deleted_at IS NULL
  LEFT JOIN config_scrapers cs ON p.subject_type = 'scraper' AND cs.id::text = p.subject AND cs.deleted_at IS NULL
  LEFT JOIN topologies tp ON p.subject_type = 'topology' AND tp.id::text = p.subject AND tp.deleted_at IS NULL
  LEFT JOIN components comp ON comp.id = p.component_id AND comp.deleted_at IS NULL
  LEFT JOIN config_items ci ON ci.id = p.config_id AND ci.deleted_at IS NULL
  LEFT JOIN canaries cn ON cn.id = p.canary_id AND cn.deleted_at IS NULL
  LEFT JOIN playbooks pb ON pb.id = p.playbook_id AND pb.deleted_at IS NULL
  LEFT JOIN connections conn ON conn.id = p.connection_id AND conn.deleted_at IS NULL;

-- Check picker: live, unsilenced checks.
CREATE VIEW check_names AS
  SELECT c.id, c.canary_id, c.type, c.name, c.status
  FROM checks c
  WHERE c.deleted_at IS NULL AND c.silenced_at IS NULL;

-- The checks linked to a configuration item, one row per link, with the day's uptime and latency.
CREATE VIEW check_summary_for_config AS
  SELECT r.config_id, c.id, c.canary_id, c.agent_id,
    json_build_object('passed', coalesce(d.passed, 0), 'failed', coalesce(d.failed, 0)) AS uptime,
    json_build_object('avg', d.avg_ms) AS latency,
    c.last_transition_time, c.type, c.icon, c.name, c.status, c.description, c.namespace,
    k.namespace AS canary_namespace, k.name AS canary_name, coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels,
    c.severity, c.owner, c.last_runtime, c.created_at, c.updated_at, c.deleted_at, c.silenced_at
  FROM check_config_relationships r
  JOIN checks c ON c.id = r.check_id AND c.deleted_at IS NULL
  LEFT JOIN canaries k ON k.id = c.canary_id
  LEFT JOIN LATERAL (
    SELECT sum(s.passed)::int AS passed, sum(s.failed)::int AS failed,
      round(sum(s.duration)::numeric / nullif(sum(s.total), 0))::int AS avg_ms
    FROM check_statuses_1d s WHERE s.check_id = c.id AND s.created_at >= now() - interval '1 day'
  ) d ON true
  WHERE r.deleted_at IS NULL;

-- The latest run of a resource's jobs and its last failure (job_history's resource_type and resource_id).
CREATE VIEW canaries_with_status AS
  SELECT c.id, c.name, c.namespace, c.spec ->> 'interval' AS interval, coalesce(c.schedule, c.spec ->> 'schedule') AS schedule,
    c.labels, c.source, c.agent_id, c.created_by, c.created_at, c.updated_at, c.deleted_at,
    (SELECT max(k.last_runtime) FROM checks k WHERE k.canary_id = c.id) AS last_runtime,
    j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
    j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
    j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
    (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'canary' AND f.resource_id = c.id::text AND f.status = 'FAILED') AS job_last_failed,
    CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name) END AS agent
  FROM canaries c
  LEFT JOIN LATERAL (SELECT * FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
    ORDER BY h.created_at DESC, h.id DESC LIMIT 1) j ON true
  LEFT JOIN agents a ON a.id = c.agent_id
  WHERE c.deleted_at IS NULL;

CREATE VIEW topologies_with_status AS
  SELECT t.id, t.agent_id, t.name, t.namespace, t.labels, t.source, t.spec, t.schedule, t.created_by, t.created_at,
    t.updated_at, t.deleted_at,
    j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
    j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
    j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
    (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'topology' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed,
    CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name) END AS agent
  FROM topologies t
  LEFT JOIN LATERAL (SELECT * FROM job_history h WHERE h.resource_type = 'topology' AND h.resource_id = t.id::text
    ORDER BY h.created_at DESC, h.id DESC LIMIT 1) j ON true
  LEFT JOIN agents a ON a.id = t.agent_id
  WHERE t.deleted_at IS NULL;

CREATE VIEW teams_with_status AS
  SELECT t.id, t.name, t.icon, t.spec, t.source, t.created_by, t.created_at, t.updated_at, t.deleted_at,
    j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
    j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
    j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
    (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'team' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed
  FROM teams t
  LEFT JOIN LATERAL (SELECT * FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
    ORDER BY h.created_at DESC, h.id DESC LIMIT 1) j ON true
  WHERE t.deleted_at IS NULL;

CREATE VIEW config_scrapers_with_status AS
  SELECT s.id, s.agent_id, s.name, s.namespace, s.description, s.spec, s.source, s.application_id, s.created_by,
    s.created_at, s.updated_at, s.deleted_at,
    j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
    j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
    j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
    (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text AND f.status = 'FAILED') AS job_last_failed,
    CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name) END AS agent
  FROM config_scrapers s
  LEFT JOIN LATERAL (SELECT * FROM job_history h WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text
    ORDER BY h.created_at DESC, h.id DESC LIMIT 1) j ON true
  LEFT JOIN agents a ON a.id = s.agent_id
  WHERE s.deleted_at IS NULL;

-- Changes of live configuration items (the console's change list embeds config_names from it).
CREATE VIEW config_changes_items AS
  SELECT ch.id, ch.config_id, ch.external_change_id, ch.external_created_by, ch.change_type, ch.severity, ch.source,
    ch.summary, ch.patches, ch.diff, ch.details, ch.fingerprint, ch.count, ch.first_observed, ch.last_observed,
    ch.created_by, ch.created_at, ci.name AS config_name, ci.type AS config_type
  FROM config_changes ch
  JOIN config_items ci ON ci.id = ch.config_id AND ci.deleted_at IS NULL;

-- Option lists.
CREATE VIEW analysis_types AS
  SELECT DISTINCT a.analysis_type FROM config_analysis a WHERE a.analysis_type IS NOT NULL;

CREATE VIEW config_tags_labels_keys AS
  SELECT 'tag:' || k AS key FROM config_items ci, jsonb_object_keys(CASE WHEN jsonb_typeof(ci.tags) = 'object' THEN ci.tags END) k
  WHERE ci.deleted_at IS NULL
  UNION
  SELECT 'label:' || k FROM config_items ci, jsonb_object_keys(CASE WHEN jsonb_typeof(ci.labels) = 'object' THEN ci.labels END) k
  WHERE ci.deleted_at IS NULL;

CREATE VIEW component_labels_keys AS
  SELECT DISTINCT 'label:' || k AS key
  FROM components c, jsonb_object_keys(CASE WHEN jsonb_typeof(c.labels) = 'object' THEN c.labels END) k
  WHERE c.deleted_at IS NULL;

CREATE VIEW checks_labels_keys AS
  SELECT DISTINCT 'label:' || k AS key
  FROM checks c, jsonb_object_keys(CASE WHEN jsonb_typeof(c.labels) = 'object' THEN c.labels END) k
  WHERE c.deleted_at IS NULL;
