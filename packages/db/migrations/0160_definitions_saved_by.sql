-- Who last saved each definition that may name a stored connection (issue 25, docs/connections.md
-- "Who may use a connection"). A scraper, topology, canary, playbook, notification or log backend runs with
-- the rights of whoever last saved it: the connections it names are resolved only while that person may
-- read them. NULL means saved by the system (watched folders, agents, seed data), which acts as an
-- administrator. No foreign key: a deleted saver's id stays, so the run fails instead of gaining rights.
ALTER TABLE canaries ADD COLUMN saved_by uuid;
ALTER TABLE config_scrapers ADD COLUMN saved_by uuid;
ALTER TABLE topologies ADD COLUMN saved_by uuid;
ALTER TABLE playbooks ADD COLUMN saved_by uuid;
ALTER TABLE notifications ADD COLUMN saved_by uuid;
ALTER TABLE logging_backends ADD COLUMN saved_by uuid;
UPDATE canaries SET saved_by = created_by;
UPDATE config_scrapers SET saved_by = created_by;
UPDATE topologies SET saved_by = created_by;
UPDATE playbooks SET saved_by = created_by;
UPDATE notifications SET saved_by = created_by;
UPDATE logging_backends SET saved_by = created_by;
