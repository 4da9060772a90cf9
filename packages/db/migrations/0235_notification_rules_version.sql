-- A version of the notification rules and silences (issue 32 item 5): the event consumer read every rule
-- of an event's name and every live silence again for each pass — at a steady rate, for each event. Every
-- statement that changes either table bumps this one row in its own transaction, so the version a reader
-- sees moves exactly when a change it can see has committed. The consumer's claim returns it; a process
-- keeps the rules and silences it read until the version moves, so a changed rule or silence takes effect
-- at the next claim, in every replica, and an unchanged one costs no round trip.
CREATE TABLE notification_rules_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO notification_rules_version DEFAULT VALUES;

CREATE OR REPLACE FUNCTION notification_rules_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_rules_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_version AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_rules_version_bump();
CREATE TRIGGER notifications_version_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_rules_version_bump();
CREATE TRIGGER notification_silences_version AFTER INSERT OR UPDATE OR DELETE ON notification_silences
  FOR EACH STATEMENT EXECUTE FUNCTION notification_rules_version_bump();
CREATE TRIGGER notification_silences_version_truncate AFTER TRUNCATE ON notification_silences
  FOR EACH STATEMENT EXECUTE FUNCTION notification_rules_version_bump();
