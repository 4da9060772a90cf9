-- Timeline order: several history rows written by one transaction (a status change records both the
-- incident's and the status's event) all had now(), the transaction's start, and their ULIDs differ
-- only by chance within a millisecond, so newest-first was a coin toss between them. clock_timestamp()
-- stamps each row when it is written, so the timeline shows them in the order they happened.
ALTER TABLE incident_histories ALTER COLUMN created_at SET DEFAULT clock_timestamp();
