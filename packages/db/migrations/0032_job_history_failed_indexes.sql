-- Job history page: its default status filter (SUCCESS excluded) combined with a resource type and a
-- minimum duration stays inside one partial index; job_history gets one row per job run, so the write
-- cost is small.
CREATE INDEX job_history_not_success_type_idx ON job_history (resource_type, created_at DESC, duration_millis)
  WHERE status <> 'SUCCESS';
