-- Health checks (upstream duty schema/checks.hcl): canaries, checks, raw results and hourly/daily rollups.

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  labels jsonb,
  annotations jsonb,
  spec jsonb NOT NULL DEFAULT '{}',
  schedule text,
  source text DEFAULT 'UI',
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX canaries_name_key ON canaries (agent_id, name, namespace, source) WHERE deleted_at IS NULL;
CREATE INDEX canaries_labels_idx ON canaries USING gin (labels);

CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  type text NOT NULL,
  name text NOT NULL,
  namespace text,
  description text,
  endpoint text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  transformed boolean NOT NULL DEFAULT false,
  status text,
  last_runtime timestamptz,
  last_transition_time timestamptz,
  next_runtime timestamptz,
  silenced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT checks_canary_id_type_name_agent_id_key UNIQUE (canary_id, type, name, agent_id)
);
CREATE INDEX checks_status_idx ON checks (status) WHERE deleted_at IS NULL;
CREATE INDEX checks_type_idx ON checks (type) WHERE deleted_at IS NULL;
CREATE INDEX checks_name_idx ON checks USING gin (lower(name) gin_trgm_ops);
CREATE INDEX checks_labels_idx ON checks USING gin (labels);
CREATE INDEX checks_live_idx ON checks (name) WHERE deleted_at IS NULL;

-- Stamps last_transition_time whenever a check's status flips (as upstream's trigger does).
CREATE OR REPLACE FUNCTION checks_status_transition() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.last_transition_time := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER checks_status_transition BEFORE UPDATE OF status ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_status_transition();

CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  status boolean,
  invalid boolean,
  duration integer,
  message text,
  error text,
  details jsonb,
  severity text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, time)
);
CREATE INDEX check_statuses_time_brin ON check_statuses USING brin (time);

CREATE TABLE check_statuses_1h (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  total integer NOT NULL DEFAULT 0,
  passed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  duration bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (check_id, created_at)
);

CREATE TABLE check_statuses_1d (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  total integer NOT NULL DEFAULT 0,
  passed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  duration bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (check_id, created_at)
);

CREATE TRIGGER canaries_updated_at BEFORE UPDATE ON canaries FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER checks_updated_at BEFORE UPDATE ON checks FOR EACH ROW EXECUTE FUNCTION set_updated_at();
