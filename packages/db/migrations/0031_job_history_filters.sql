-- Job history page: the default filter (status SUCCESS excluded) combined with a minimum duration is
-- answered inside one partial index, without fetching rows that fail the duration test.
DROP INDEX IF EXISTS job_history_not_success_idx;
CREATE INDEX job_history_not_success_idx ON job_history (created_at DESC, duration_millis) WHERE status <> 'SUCCESS';
