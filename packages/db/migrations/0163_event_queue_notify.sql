-- Notifications on time (issue 26): the event consumer runs continuously in every process that runs
-- jobs instead of as a scheduled job. Every statement that queues events notifies `mc_events` (sent when
-- its transaction commits), so a consumer LISTENing on PostgreSQL claims the event at once; its short
-- poll is the safety net (and the only path on the embedded database).
CREATE OR REPLACE FUNCTION event_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mc_events', '');
  RETURN NULL;
END $$;
CREATE TRIGGER event_queue_notify AFTER INSERT ON event_queue
  FOR EACH STATEMENT EXECUTE FUNCTION event_queue_notify();

-- The scheduled consumer job is gone: its schedule and any run still waiting would never be claimed.
DELETE FROM schedules WHERE name = 'notification_events';
DELETE FROM jobs WHERE name = 'notification_events' AND state IN ('pending', 'running');
