-- Read models of the incident area (upstream duty views/incidents.sql names and shapes).

-- One incident with who leads it, who responds and who commented: the list row and the console's header.
CREATE OR REPLACE VIEW incident_summary AS
SELECT
  i.id, i.incident_id, i.title, i.description, i.severity, i.type, i.status, i.created_by, i.commander_id,
  i.communicator_id, i.acknowledged, i.resolved, i.closed, i.created_at, i.updated_at,
  (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) FROM people p WHERE p.id = i.commander_id)
    AS commander,
  (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) FROM people p WHERE p.id = i.communicator_id)
    AS communicator,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', COALESCE(p.id, t.id), 'name', COALESCE(p.name, t.name), 'avatar', p.avatar,
      'type', r.type, 'responder_id', r.id) ORDER BY r.created_at)
    FROM responders r LEFT JOIN people p ON p.id = r.person_id LEFT JOIN teams t ON t.id = r.team_id
    WHERE r.incident_id = i.id AND r.deleted_at IS NULL
  ), '[]'::jsonb) AS responders,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) ORDER BY p.name)
    FROM people p
    WHERE p.id IN (SELECT c.created_by FROM comments c WHERE c.incident_id = i.id AND c.deleted_at IS NULL)
  ), '[]'::jsonb) AS commenters
FROM incidents i
WHERE i.deleted_at IS NULL;

-- Incidents with evidence on a component (for the topology area).
CREATE OR REPLACE VIEW incidents_by_component AS
SELECT DISTINCT ON (e.component_id, i.id)
  e.component_id, i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL AND e.deleted_at IS NULL AND h.deleted_at IS NULL AND i.deleted_at IS NULL;

-- Incidents with evidence on a config item, directly or through one of its changes or insights (for the catalog).
CREATE OR REPLACE VIEW incidents_by_config AS
SELECT DISTINCT ON (l.config_id, i.id)
  l.config_id, i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
CROSS JOIN LATERAL (
  SELECT e.config_id
  UNION ALL SELECT cc.config_id FROM config_changes cc WHERE cc.id = e.config_change_id
  UNION ALL SELECT ca.config_id FROM config_analysis ca WHERE ca.id = e.config_analysis_id
) AS l
WHERE l.config_id IS NOT NULL AND e.deleted_at IS NULL AND h.deleted_at IS NULL AND i.deleted_at IS NULL;

-- List filter by commander (newest first); evidence lookups by change and insight; history by hypothesis.
CREATE INDEX incidents_commander_created_idx ON incidents (commander_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX evidences_config_change_id_idx ON evidences (config_change_id) WHERE config_change_id IS NOT NULL;
CREATE INDEX evidences_config_analysis_id_idx ON evidences (config_analysis_id) WHERE config_analysis_id IS NOT NULL;
CREATE INDEX incident_histories_hypothesis_id_idx ON incident_histories (hypothesis_id) WHERE hypothesis_id IS NOT NULL;
