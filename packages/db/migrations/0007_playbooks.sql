-- Playbooks (upstream duty schema/playbooks.hcl): definitions, runs, their actions and approvals.

CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  namespace text NOT NULL DEFAULT 'default',
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  icon text,
  description text,
  category text NOT NULL DEFAULT '',
  spec jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX playbooks_namespace_name_key ON playbooks (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX playbooks_category_idx ON playbooks (category) WHERE deleted_at IS NULL;

CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  playbook_id uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES playbook_runs (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  spec jsonb,
  status text NOT NULL DEFAULT 'scheduled',
  start_time timestamptz,
  scheduled_time timestamptz DEFAULT now(),
  end_time timestamptz,
  -- Nanoseconds, as upstream (default 30 minutes).
  timeout bigint NOT NULL DEFAULT 1800000000000,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  notification_send_id uuid,
  check_id uuid REFERENCES checks (id) ON DELETE SET NULL,
  config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  component_id uuid REFERENCES components (id) ON DELETE SET NULL,
  parameters jsonb,
  request jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playbook_runs_playbook_id_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_status_idx ON playbook_runs (status, created_at DESC);
CREATE INDEX playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX playbook_runs_parent_id_idx ON playbook_runs (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX playbook_runs_config_id_idx ON playbook_runs (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX playbook_runs_component_id_idx ON playbook_runs (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX playbook_runs_check_id_idx ON playbook_runs (check_id) WHERE check_id IS NOT NULL;

CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'running',
  retry_count integer NOT NULL DEFAULT 0,
  start_time timestamptz DEFAULT now(),
  scheduled_time timestamptz DEFAULT now(),
  end_time timestamptz,
  result jsonb,
  error text
);
CREATE INDEX playbook_run_actions_run_id_idx ON playbook_run_actions (playbook_run_id, start_time);
CREATE INDEX playbook_run_actions_status_idx ON playbook_run_actions (status);

CREATE TABLE playbook_approvals (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT playbook_approvals_one_approver CHECK (num_nonnulls(person_id, team_id) = 1)
);
CREATE INDEX playbook_approvals_run_id_idx ON playbook_approvals (run_id);
CREATE UNIQUE INDEX playbook_approvals_person_key ON playbook_approvals (run_id, person_id) WHERE person_id IS NOT NULL;
CREATE UNIQUE INDEX playbook_approvals_team_key ON playbook_approvals (run_id, team_id) WHERE team_id IS NOT NULL;

CREATE TRIGGER playbooks_updated_at BEFORE UPDATE ON playbooks FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER playbook_runs_updated_at BEFORE UPDATE ON playbook_runs FOR EACH ROW EXECUTE FUNCTION set_updated_at();
