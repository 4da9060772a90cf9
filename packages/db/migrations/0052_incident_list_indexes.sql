-- Sort orders of the incident list (GET /api/incidents): each sortable column with the id tie-break,
-- so a page of 50 is read from an index instead of sorting every matching incident.

-- Severity sorts by rank, mildest first (info … blocker), not alphabetically.
CREATE OR REPLACE FUNCTION incident_severity_rank(severity text) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_position(ARRAY['info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker'], severity)
$$;

CREATE INDEX incidents_severity_rank_idx ON incidents (incident_severity_rank(severity), id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_title_sort_idx ON incidents (title, id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_updated_at_idx ON incidents (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_created_at_id_idx ON incidents (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_status_sort_idx ON incidents (status, id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_type_sort_idx ON incidents (type, id) WHERE deleted_at IS NULL;

-- Every list filter in one covering index: the filtered total (count) is an index-only scan for any
-- combination of status, severity, type, commander and time range.
CREATE INDEX incidents_filter_idx ON incidents (status, severity, type, created_at) INCLUDE (commander_id, id)
  WHERE deleted_at IS NULL;
