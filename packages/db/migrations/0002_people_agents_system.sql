-- People, teams, agents and system tables (upstream duty names: schema/people, agents, properties, connections).

-- Keeps updated_at current on every UPDATE unless the statement sets it explicitly (imports, seeds).
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  email text UNIQUE,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  phone text,
  properties jsonb,
  external_id text,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX people_name_idx ON people (lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  icon text DEFAULT 'group',
  spec jsonb,
  source text DEFAULT 'UI',
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL;

ALTER TABLE people ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE SET NULL;

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  source text DEFAULT 'UI',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, person_id)
);
CREATE INDEX team_members_person_id_idx ON team_members (person_id);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid REFERENCES people (id) ON DELETE SET NULL,
  properties jsonb,
  tls text,
  cleanup boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  last_received timestamptz,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;

-- The all-zero id is the local agent: every agent_id column defaults to it.
INSERT INTO agents (id, name, description)
VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This Mission Control instance');

CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE connections (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  url text,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean NOT NULL DEFAULT false,
  source text DEFAULT 'UI',
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX connections_name_namespace_key ON connections (name, namespace) WHERE deleted_at IS NULL;
CREATE INDEX connections_type_idx ON connections (type) WHERE deleted_at IS NULL;

CREATE TABLE integrations (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  description text,
  integration_type text NOT NULL,
  spec jsonb,
  source text DEFAULT 'UI',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX integrations_type_idx ON integrations (integration_type) WHERE deleted_at IS NULL;

CREATE TABLE logging_backends (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL DEFAULT '{}',
  source text DEFAULT 'UI',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX logging_backends_name_idx ON logging_backends (name) WHERE deleted_at IS NULL;

CREATE TRIGGER people_updated_at BEFORE UPDATE ON people FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER teams_updated_at BEFORE UPDATE ON teams FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER agents_updated_at BEFORE UPDATE ON agents FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER properties_updated_at BEFORE UPDATE ON properties FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER connections_updated_at BEFORE UPDATE ON connections FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER integrations_updated_at BEFORE UPDATE ON integrations FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER logging_backends_updated_at BEFORE UPDATE ON logging_backends FOR EACH ROW EXECUTE FUNCTION set_updated_at();
