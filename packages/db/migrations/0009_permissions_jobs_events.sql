-- Permissions, job history and the event queue (upstream duty schema/rbac, job_history, event_queue).

CREATE TABLE permissions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text,
  namespace text,
  description text,
  source text NOT NULL DEFAULT 'UI',
  action text NOT NULL,
  deny boolean NOT NULL DEFAULT false,
  subject text,
  subject_type text DEFAULT 'group',
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE,
  object text,
  object_selector jsonb,
  component_id uuid REFERENCES components (id) ON DELETE CASCADE,
  config_id uuid REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
  playbook_id uuid REFERENCES playbooks (id) ON DELETE CASCADE,
  connection_id uuid REFERENCES connections (id) ON DELETE CASCADE,
  until timestamptz,
  error text,
  tags jsonb,
  agents text[],
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX permissions_person_id_idx ON permissions (person_id) WHERE deleted_at IS NULL;
CREATE INDEX permissions_team_id_idx ON permissions (team_id) WHERE deleted_at IS NULL;
CREATE INDEX permissions_notification_id_idx ON permissions (notification_id) WHERE deleted_at IS NULL;
CREATE INDEX permissions_subject_idx ON permissions (subject_type, subject) WHERE deleted_at IS NULL;
CREATE INDEX permissions_created_at_idx ON permissions (created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE job_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  success_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  details jsonb,
  hostname text,
  duration_millis integer,
  resource_type text,
  resource_id text,
  status text,
  time_start timestamptz NOT NULL DEFAULT now(),
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_history_created_at_idx ON job_history (created_at DESC);
CREATE INDEX job_history_resource_idx ON job_history (resource_type, resource_id, created_at DESC);
CREATE INDEX job_history_name_idx ON job_history (name, created_at DESC);
CREATE INDEX job_history_status_idx ON job_history (status, created_at DESC);

CREATE TABLE event_queue (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  event_id uuid,
  name text NOT NULL,
  properties jsonb,
  error text,
  delay integer,
  attempts integer NOT NULL DEFAULT 0,
  last_attempt timestamptz,
  priority integer NOT NULL DEFAULT 100,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT event_queue_name_properties_key UNIQUE (name, properties)
);
CREATE INDEX event_queue_name_attempts_idx ON event_queue (name, attempts);
CREATE INDEX event_queue_attempts_idx ON event_queue (attempts, last_attempt);

CREATE TRIGGER permissions_updated_at BEFORE UPDATE ON permissions FOR EACH ROW EXECUTE FUNCTION set_updated_at();
