-- Incidents (upstream duty schema/incidents.hcl): incidents, hypotheses, evidences, comments, responders, history.

CREATE SEQUENCE incident_id_seq;

-- Short human number for an incident: 'INC-000123' (widens past a million instead of truncating).
CREATE OR REPLACE FUNCTION next_incident_id() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT 'INC-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END
  FROM (SELECT nextval('incident_id_seq') AS n) AS s
$$;

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id text NOT NULL UNIQUE DEFAULT next_incident_id(),
  incident_rule_id uuid,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  severity text NOT NULL,
  created_by uuid NOT NULL REFERENCES people (id),
  commander_id uuid REFERENCES people (id) ON DELETE SET NULL,
  communicator_id uuid REFERENCES people (id) ON DELETE SET NULL,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX incidents_status_idx ON incidents (status, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX incidents_severity_idx ON incidents (severity, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX incidents_type_idx ON incidents (type, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX incidents_commander_id_idx ON incidents (commander_id) WHERE deleted_at IS NULL;
CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX incidents_title_trgm_idx ON incidents USING gin (lower(title) gin_trgm_ops);

CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL,
  index smallint,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX responders_incident_id_idx ON responders (incident_id);
CREATE INDEX responders_person_id_idx ON responders (person_id);
CREATE INDEX responders_team_id_idx ON responders (team_id);

CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'root' CHECK (type IN ('root', 'factor', 'solution')),
  title text NOT NULL,
  status text NOT NULL DEFAULT 'possible',
  owner uuid REFERENCES responders (id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX hypotheses_incident_id_idx ON hypotheses (incident_id);
CREATE INDEX hypotheses_parent_id_idx ON hypotheses (parent_id);

CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  hypothesis_id uuid NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT '',
  type text NOT NULL,
  evidence jsonb,
  properties jsonb,
  config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  config_change_id uuid REFERENCES config_changes (id) ON DELETE SET NULL,
  config_analysis_id uuid REFERENCES config_analysis (id) ON DELETE SET NULL,
  component_id uuid REFERENCES components (id) ON DELETE SET NULL,
  check_id uuid REFERENCES checks (id) ON DELETE SET NULL,
  definition_of_done boolean NOT NULL DEFAULT false,
  done boolean NOT NULL DEFAULT false,
  factor boolean NOT NULL DEFAULT false,
  mitigator boolean NOT NULL DEFAULT false,
  script text,
  script_result text,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX evidences_hypothesis_id_idx ON evidences (hypothesis_id);
CREATE INDEX evidences_config_id_idx ON evidences (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX evidences_component_id_idx ON evidences (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX evidences_check_id_idx ON evidences (check_id) WHERE check_id IS NOT NULL;

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  read smallint[],
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX comments_incident_id_idx ON comments (incident_id, created_at);
CREATE INDEX comments_hypothesis_id_idx ON comments (hypothesis_id, created_at) WHERE hypothesis_id IS NOT NULL;

CREATE TABLE incident_histories (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL,
  description text,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE SET NULL,
  evidence_id uuid REFERENCES evidences (id) ON DELETE SET NULL,
  comment_id uuid REFERENCES comments (id) ON DELETE SET NULL,
  responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_histories_incident_id_idx ON incident_histories (incident_id, created_at DESC);

CREATE TRIGGER incidents_updated_at BEFORE UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER responders_updated_at BEFORE UPDATE ON responders FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER hypotheses_updated_at BEFORE UPDATE ON hypotheses FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER evidences_updated_at BEFORE UPDATE ON evidences FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER comments_updated_at BEFORE UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER incident_histories_updated_at BEFORE UPDATE ON incident_histories
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
