-- Push receipts' keys in byte order (issue 32 item 6, docs/agents.md). Every result an agent pushes is one
-- receipt: the insert looks its key up in the primary key (agent_id, key) for ON CONFLICT and then inserts
-- it, each a descent of about twenty key comparisons — under the database's collation, strcoll for every one
-- (the key is an agent's idempotency key, never shown sorted). In the "C" collation a comparison is a byte
-- comparison. Equality, and so which push is a duplicate, does not change.
ALTER TABLE agent_push_receipts ALTER COLUMN key TYPE text COLLATE "C";
