-- Notifications (upstream duty schema/notifications.hcl): rules, silences and the send history.

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  events text[] NOT NULL,
  title text,
  template text,
  filter text,
  properties jsonb,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  playbook_id uuid REFERENCES playbooks (id) ON DELETE CASCADE,
  custom_services jsonb,
  repeat_interval text,
  wait_for bigint,
  wait_for_eval_period bigint,
  group_by text[],
  group_by_interval bigint,
  inhibitions jsonb,
  watchdog_schedule text,
  fallback_delay bigint,
  fallback_person_id uuid REFERENCES people (id) ON DELETE SET NULL,
  fallback_team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
  fallback_playbook_id uuid REFERENCES playbooks (id) ON DELETE SET NULL,
  fallback_custom_services jsonb,
  error text,
  error_at timestamptz,
  source text DEFAULT 'UI',
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX notifications_namespace_name_key ON notifications (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX notifications_events_idx ON notifications USING gin (events);

CREATE TABLE notification_silences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text,
  namespace text NOT NULL DEFAULT 'default',
  description text,
  filter text,
  selectors jsonb,
  "from" timestamptz,
  -- NULL means the silence holds indefinitely.
  until timestamptz,
  recursive boolean NOT NULL DEFAULT false,
  config_id uuid REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
  component_id uuid REFERENCES components (id) ON DELETE CASCADE,
  source text DEFAULT 'UI',
  error text,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX notification_silences_active_idx ON notification_silences (until) WHERE deleted_at IS NULL;
CREATE INDEX notification_silences_config_id_idx ON notification_silences (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX notification_silences_check_id_idx ON notification_silences (check_id) WHERE check_id IS NOT NULL;
CREATE INDEX notification_silences_component_id_idx ON notification_silences (component_id)
  WHERE component_id IS NOT NULL;

CREATE TABLE notification_send_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  resource_health text,
  resource_status text,
  resource_health_description text,
  status text,
  body text,
  body_payload jsonb,
  payload jsonb,
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz NOT NULL DEFAULT now(),
  not_before timestamptz,
  retries integer NOT NULL DEFAULT 0,
  person_id uuid REFERENCES people (id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
  connection_id uuid REFERENCES connections (id) ON DELETE SET NULL,
  silenced_by uuid REFERENCES notification_silences (id) ON DELETE SET NULL,
  playbook_run_id uuid REFERENCES playbook_runs (id) ON DELETE SET NULL,
  group_id uuid,
  parent_id uuid REFERENCES notification_send_history (id) ON DELETE SET NULL,
  error text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_send_history_notification_id_idx ON notification_send_history (notification_id, created_at DESC);
CREATE INDEX notification_send_history_status_idx ON notification_send_history (status, created_at DESC);
CREATE INDEX notification_send_history_resource_id_idx ON notification_send_history (resource_id, created_at DESC);
CREATE INDEX notification_send_history_created_at_idx ON notification_send_history (created_at DESC);

ALTER TABLE playbook_runs ADD CONSTRAINT playbook_runs_notification_send_id_fkey
  FOREIGN KEY (notification_send_id) REFERENCES notification_send_history (id) ON DELETE SET NULL;

CREATE TRIGGER notifications_updated_at BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER notification_silences_updated_at BEFORE UPDATE ON notification_silences
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
