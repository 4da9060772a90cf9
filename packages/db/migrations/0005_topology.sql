-- Topology (upstream duty schema/components.hcl) and the links between checks, configs and components.

CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  labels jsonb DEFAULT '{}',
  source text DEFAULT 'UI',
  spec jsonb,
  schedule text,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX topologies_name_key ON topologies (agent_id, namespace, name) WHERE deleted_at IS NULL;

CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  topology_id uuid REFERENCES topologies (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  parent_id uuid REFERENCES components (id) ON DELETE CASCADE,
  config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  name text NOT NULL,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean NOT NULL DEFAULT false,
  silenced boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'unknown',
  status_reason text,
  health text,
  status_expr text,
  health_expr text,
  description text,
  lifecycle text,
  tooltip text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  path text,
  summary jsonb,
  is_leaf boolean NOT NULL DEFAULT false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX components_topology_type_name_parent_key ON components (topology_id, type, name, parent_id)
  WHERE deleted_at IS NULL;
CREATE INDEX components_parent_id_idx ON components (parent_id);
CREATE INDEX components_topology_id_idx ON components (topology_id);
CREATE INDEX components_config_id_idx ON components (config_id);
CREATE INDEX components_path_idx ON components (path text_pattern_ops);
CREATE INDEX components_labels_idx ON components USING gin (labels);
CREATE INDEX components_name_idx ON components USING gin (lower(name) gin_trgm_ops);
CREATE INDEX components_status_idx ON components (status) WHERE deleted_at IS NULL;

CREATE TABLE component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  relationship_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, relationship_id, selector_id)
);
CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id);

CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT 'manual',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, config_id)
);
CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id);

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, check_id, canary_id, selector_id)
);
CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id);

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, check_id, canary_id, selector_id)
);
CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id);

CREATE TRIGGER topologies_updated_at BEFORE UPDATE ON topologies FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER components_updated_at BEFORE UPDATE ON components FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER component_relationships_updated_at BEFORE UPDATE ON component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER config_component_relationships_updated_at BEFORE UPDATE ON config_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER check_component_relationships_updated_at BEFORE UPDATE ON check_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER check_config_relationships_updated_at BEFORE UPDATE ON check_config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
