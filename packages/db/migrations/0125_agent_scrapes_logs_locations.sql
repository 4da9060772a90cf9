-- Agents run scrapers, log queries and multi-location checks (issue 17 part 4; docs/agents.md).

-- Log searches relayed to the agent that runs a log backend: the upstream queues the query, the agent
-- polls for it, searches near its files and posts the answer back; the waiting request reads it. A row
-- lives for one search only (the waiter deletes it; anything older than a few minutes is purged).
CREATE TABLE agent_log_queries (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  request jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'taken', 'answered')),
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  taken_at timestamptz,
  answered_at timestamptz
);
CREATE INDEX agent_log_queries_pending_idx ON agent_log_queries (agent_id, created_at) WHERE state = 'pending';
CREATE INDEX agent_log_queries_created_at_idx ON agent_log_queries (created_at);

-- The latest result of a multi-location check from each location (agent) that runs it; the check's own
-- status follows the canary's quorum over these rows.
CREATE TABLE check_location_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('healthy', 'unhealthy')),
  duration integer NOT NULL,
  message text,
  error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, agent_id)
);

-- Canaries that name their locations are found by the agents those names belong to.
CREATE INDEX canaries_locations_idx ON canaries USING gin ((spec -> 'locations')) WHERE deleted_at IS NULL;
