-- Playbook runs (issue 15): the history of every status change of a run, and the live log lines of its
-- actions (read by GET /api/playbook/run/{id}/logs/stream, polled so every replica serves every run).

-- One row per status change: from (NULL when the run is created), to, when and who (NULL: the runner).
CREATE TABLE playbook_run_transitions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  actor_id uuid REFERENCES people (id) ON DELETE SET NULL,
  -- clock_timestamp: a run created and scheduled in one transaction still shows two distinct times.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX playbook_run_transitions_run_idx ON playbook_run_transitions (run_id, created_at);

-- Live output lines of a run's actions, in the order written (seq), capped per run by the runner.
CREATE SEQUENCE playbook_run_logs_seq;
CREATE TABLE playbook_run_logs (
  seq bigint PRIMARY KEY DEFAULT nextval('playbook_run_logs_seq'),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  action_id uuid REFERENCES playbook_run_actions (id) ON DELETE CASCADE,
  action_name text NOT NULL,
  line text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
ALTER SEQUENCE playbook_run_logs_seq OWNED BY playbook_run_logs.seq;
CREATE INDEX playbook_run_logs_run_idx ON playbook_run_logs (run_id, seq);
CREATE INDEX playbook_run_logs_action_idx ON playbook_run_logs (action_id) WHERE action_id IS NOT NULL;

-- The values of a run's `type: secret` parameters, encrypted with the server's secret key (the
-- `parameters` and `request` columns hold a mask instead); the name's `_secret` suffix keeps the column
-- out of the data API and masked in audit rows.
ALTER TABLE playbook_runs ADD COLUMN parameters_secret text;
