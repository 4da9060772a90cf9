-- Artifacts (upstream duty's `artifacts`): files a playbook action produced — an exec action's stdout,
-- stderr and declared files, a pod's log — kept in the database (content capped by the runner) and
-- removed with their action row. check_id is upstream's column for check artifacts; nothing writes it yet.

CREATE TABLE artifacts (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  playbook_run_action_id uuid REFERENCES playbook_run_actions (id) ON DELETE CASCADE,
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  path text NOT NULL,
  filename text NOT NULL,
  size bigint NOT NULL,
  content_type text NOT NULL DEFAULT 'application/octet-stream',
  checksum text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX artifacts_playbook_run_action_id_idx ON artifacts (playbook_run_action_id, created_at)
  WHERE playbook_run_action_id IS NOT NULL;
CREATE INDEX artifacts_check_id_idx ON artifacts (check_id, created_at) WHERE check_id IS NOT NULL;
