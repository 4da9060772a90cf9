-- The two tables the upstream console reads by name that 0180 left out (issue 29, class 3), with the
-- columns of flanksource/duty's schema (teams.hcl saved_query, incidents.hcl incident_rules).

-- Saved catalog queries: the console's query builder lists, saves, renames and deletes them
-- (GET/POST/PATCH/DELETE /api/db/saved_query). created_by is text, as upstream keeps it.
CREATE TABLE saved_query (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  icon text,
  description text,
  query text NOT NULL,
  columns jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER saved_query_updated_at BEFORE UPDATE ON saved_query FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Incident rules (the console's Settings > Rules list). This server runs no incident-rule engine, so the
-- table is served read-only: a rule saved here would never open an incident (docs/data-api.md).
CREATE TABLE incident_rules (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  spec jsonb,
  source text,
  created_by uuid NOT NULL CONSTRAINT incident_rules_created_by_fkey REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT incident_rules_name_key UNIQUE (name)
);
CREATE INDEX incident_rules_created_by_idx ON incident_rules (created_by);
CREATE TRIGGER incident_rules_updated_at BEFORE UPDATE ON incident_rules FOR EACH ROW EXECUTE FUNCTION set_updated_at();
