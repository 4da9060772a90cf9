-- Catalog (upstream duty schema/config.hcl): scrapers, config items, their changes, analysis and relationships.

CREATE TABLE config_scrapers (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  description text,
  spec jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  application_id uuid,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX config_scrapers_name_idx ON config_scrapers (name) WHERE deleted_at IS NULL;

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  parent_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  path text,
  icon text,
  config_class text NOT NULL,
  type text NOT NULL,
  name text,
  description text,
  status text,
  health text,
  ready boolean NOT NULL DEFAULT false,
  external_id text[],
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  -- Unkeyed tag search (upstream tags_values) and the namespace column the spec lists, both derived from tags.
  tags_values jsonb GENERATED ALWAYS AS (jsonb_path_query_array(tags, '$.*')) STORED,
  namespace text GENERATED ALWAYS AS (tags ->> 'namespace') STORED,
  properties jsonb,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  delete_reason text,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  inserted_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX config_items_type_idx ON config_items (type) WHERE deleted_at IS NULL;
CREATE INDEX config_items_config_class_idx ON config_items (config_class) WHERE deleted_at IS NULL;
CREATE INDEX config_items_name_type_idx ON config_items (lower(name), type);
CREATE INDEX config_items_name_trgm_idx ON config_items USING gin (lower(name) gin_trgm_ops);
CREATE INDEX config_items_tags_idx ON config_items USING gin (tags);
CREATE INDEX config_items_tags_values_idx ON config_items USING gin (tags_values);
CREATE INDEX config_items_labels_idx ON config_items USING gin (labels);
CREATE INDEX config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX config_items_scraper_id_idx ON config_items (scraper_id);
CREATE INDEX config_items_health_idx ON config_items (health) WHERE deleted_at IS NULL;
CREATE INDEX config_items_status_idx ON config_items (status) WHERE deleted_at IS NULL;
CREATE INDEX config_items_path_idx ON config_items (path text_pattern_ops);
CREATE INDEX config_items_external_id_idx ON config_items USING gin (external_id);
CREATE INDEX config_items_updated_at_idx ON config_items (updated_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_change_id text,
  external_created_by text,
  change_type text,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  fingerprint text,
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz DEFAULT now(),
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_config_id_change_type_idx ON config_changes (config_id, change_type);
CREATE INDEX config_changes_change_type_idx ON config_changes (change_type, created_at DESC);
CREATE INDEX config_changes_severity_idx ON config_changes (severity, created_at DESC);
CREATE INDEX config_changes_created_at_brin ON config_changes USING brin (created_at);
CREATE INDEX config_changes_fingerprint_idx ON config_changes (fingerprint, created_at);
CREATE UNIQUE INDEX config_changes_external_change_id_key ON config_changes (external_change_id)
  WHERE external_change_id IS NOT NULL;

CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  summary text,
  status text DEFAULT 'open',
  message text,
  analysis jsonb,
  properties jsonb,
  source text,
  first_observed timestamptz DEFAULT now(),
  last_observed timestamptz DEFAULT now(),
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX config_analysis_config_id_idx ON config_analysis (config_id);
CREATE INDEX config_analysis_analyzer_idx ON config_analysis (analyzer);
CREATE INDEX config_analysis_analysis_type_idx ON config_analysis (analysis_type);
CREATE INDEX config_analysis_status_idx ON config_analysis (status);
CREATE INDEX config_analysis_severity_idx ON config_analysis (severity);
CREATE INDEX config_analysis_last_observed_idx ON config_analysis (last_observed DESC);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  relation text NOT NULL DEFAULT '',
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  selector_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, related_id, relation)
);
CREATE INDEX config_relationships_related_id_idx ON config_relationships (related_id);

CREATE TRIGGER config_scrapers_updated_at BEFORE UPDATE ON config_scrapers FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER config_items_updated_at BEFORE UPDATE ON config_items FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER config_analysis_updated_at BEFORE UPDATE ON config_analysis FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER config_relationships_updated_at BEFORE UPDATE ON config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
