-- Agents at scale (issue 32 item 6): an agent's poll for relayed log searches and Run Now requests is a
-- long poll, held by the upstream until work is queued for it. Every statement that queues such work
-- notifies `mc_agent_work` with its kind and the agent's id (`log:<id>`, `run:<id>`; sent when its
-- transaction commits), so the replica holding that agent's poll — any replica, through its LISTEN
-- connection — answers at once. A Run Now clicked again refreshes its row (ON CONFLICT … DO UPDATE), so
-- updates of run requests notify too; claims (an UPDATE of a log search, a DELETE of a run request) do not.
CREATE OR REPLACE FUNCTION agent_work_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mc_agent_work', TG_ARGV[0] || ':' || NEW.agent_id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER agent_log_queries_notify AFTER INSERT ON agent_log_queries
  FOR EACH ROW EXECUTE FUNCTION agent_work_notify('log');
CREATE TRIGGER agent_run_requests_notify AFTER INSERT OR UPDATE ON agent_run_requests
  FOR EACH ROW EXECUTE FUNCTION agent_work_notify('run');
