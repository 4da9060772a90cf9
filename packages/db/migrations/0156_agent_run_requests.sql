-- Run Now on a multi-location check (docs/agents.md "Locations"): the upstream never runs such a check, so
-- it asks each location's agent to run it at its next poll. One row per agent and check (clicking again
-- before the agent polled asks once); the agent's poll claims and deletes its rows (FOR UPDATE SKIP
-- LOCKED, so each is handed out once on any replica); rows an agent never fetched are purged after a few
-- minutes.
CREATE TABLE agent_run_requests (
  agent_id uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, check_id)
);
CREATE INDEX agent_run_requests_requested_at_idx ON agent_run_requests (requested_at);
