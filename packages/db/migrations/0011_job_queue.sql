-- Job queue and scheduler (ADR 0003). Workers claim pending jobs with FOR UPDATE SKIP LOCKED and hold
-- them under a lease (lease_owner + locked_until); a reaper returns expired leases to pending.

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  priority integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'running', 'succeeded', 'dead', 'cancelled')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  lease_owner text,
  locked_until timestamptz,
  last_error text,
  singleton_key text,
  resource_type text,
  resource_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);

-- At most one pending or running job per (name, singleton_key): a second enqueue is a no-op.
CREATE UNIQUE INDEX jobs_singleton_key_idx ON jobs (name, singleton_key)
  WHERE singleton_key IS NOT NULL AND state IN ('pending', 'running');

-- The claim query: highest priority first, then oldest run_at, among pending jobs.
CREATE INDEX jobs_claim_idx ON jobs (priority DESC, run_at, id) WHERE state = 'pending';

-- The reaper: running jobs whose lease has expired.
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE state = 'running';

-- Retention: finished jobs by age.
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE state IN ('succeeded', 'dead', 'cancelled');

-- Lookups by the resource a job works on (a canary, a scraper...).
CREATE INDEX jobs_resource_idx ON jobs (resource_type, resource_id) WHERE resource_id IS NOT NULL;

-- Named schedules: each due row is claimed by one replica (SKIP LOCKED), which enqueues its job and
-- advances next_run_at in the same transaction, so a tick fires exactly once across replicas.
CREATE TABLE schedules (
  name text PRIMARY KEY,
  schedule text NOT NULL,
  job_name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  priority integer NOT NULL DEFAULT 0,
  jitter_ms integer NOT NULL DEFAULT 0 CHECK (jitter_ms >= 0),
  enabled boolean NOT NULL DEFAULT true,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  resource_type text,
  resource_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX schedules_due_idx ON schedules (next_run_at) WHERE enabled;
CREATE INDEX schedules_job_name_idx ON schedules (job_name);
