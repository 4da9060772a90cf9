-- Audit trail (issue 2 item 8): one row per mutating request, written in the same transaction as the change.
-- who (actor_kind + actor_id), when (created_at), what (action, target table or route, target_ids) and the
-- before/after difference of each changed record in `changes` ([{id, before, after}], secrets masked).
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('person', 'system', 'anonymous')),
  actor_id text,
  action text NOT NULL,
  target text NOT NULL,
  target_ids text[] NOT NULL DEFAULT '{}',
  changes jsonb NOT NULL DEFAULT '[]',
  request_id text
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_target_ids_idx ON audit_log USING gin (target_ids);
