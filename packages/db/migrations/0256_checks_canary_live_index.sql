-- A canary's live checks by name, the read of every canary tick (runner/runnable-checks.repo.ts'
-- canaryTickOf: `WHERE k.canary_id = $1 AND k.deleted_at IS NULL … ORDER BY k.name`), issue 32 item 2.
-- Without statistics (a fresh database before autovacuum's first ANALYZE) the prepared read's generic
-- plan ANDed a bitmap of checks_agent_id_idx — every live check — with the canary's entries of the
-- unique key: ~118 ms a tick at 50,000 checks (docs/performance.md §2). With this index the plan is one
-- ordered probe by canary, blind or analyzed, and the sort by name goes. None of its columns is set by a
-- run's update of its check, so those stay HOT.
CREATE INDEX IF NOT EXISTS checks_canary_live_idx ON checks (canary_id, name) WHERE deleted_at IS NULL;
