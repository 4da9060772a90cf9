-- Integrations list and agent push (issue 17 parts 3 and 4; docs/integrations.md, docs/agents.md).

-- Every integration the console lists at /settings/integrations: catalog scrapers, topologies and log
-- backends, each with its last job run (upstream duty's integrations_with_status). The last run is one
-- index probe per row (job_history_resource_idx: resource_type, resource_id, created_at DESC); log
-- backends have no scheduled job, so their job columns are null.
CREATE VIEW integrations_with_status AS
SELECT i.id, i.name, i.namespace, i.description, i.integration_type, i.source, i.agent_id, i.spec,
  i.created_by, i.created_at, i.updated_at, i.deleted_at,
  j.status AS job_status, j.name AS job_name, j.details AS job_details, j.duration_millis AS job_duration_millis,
  j.success_count AS job_success_count, j.error_count AS job_error_count,
  j.time_start AS job_time_start, j.time_end AS job_time_end
FROM (
  SELECT id, name, namespace, description, 'scrapers'::text AS integration_type, 'config_scraper'::text AS job_type,
    source, agent_id, spec, created_by, created_at, updated_at, deleted_at
  FROM config_scrapers
  UNION ALL
  SELECT id, name, namespace, NULL::text, 'topologies', 'topology', source, agent_id, spec, created_by, created_at,
    updated_at, deleted_at
  FROM topologies
  UNION ALL
  SELECT id, name, NULL::text, NULL::text, 'logging_backends', NULL::text, source, agent_id, spec, created_by,
    created_at, updated_at, deleted_at
  FROM logging_backends
) i
LEFT JOIN LATERAL (
  SELECT h.status, h.name, h.details, h.duration_millis, h.success_count, h.error_count, h.time_start, h.time_end
  FROM job_history h
  WHERE i.job_type IS NOT NULL AND h.resource_type = i.job_type AND h.resource_id = i.id::text
  ORDER BY h.created_at DESC
  LIMIT 1
) j ON true
WHERE i.deleted_at IS NULL;

-- The idempotency keys of results agents pushed: a key seen before is acknowledged and not stored again,
-- so a push retried after a lost answer (or replayed from the agent's buffer) never duplicates a result.
CREATE TABLE agent_push_receipts (
  agent_id uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  key text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, key)
);
CREATE INDEX agent_push_receipts_received_at_idx ON agent_push_receipts (received_at);

-- The Kubernetes-compatible canaries list (`kubectl get canaries`) pages by namespace and name.
CREATE INDEX canaries_namespace_name_idx ON canaries (namespace, name, id) WHERE deleted_at IS NULL;
