-- Heartbeat (push) checks (issue 33 item 5): the token of a `webhook` check's URL. Only its SHA-256 is
-- kept (token_hash, never served by the data API); issuing a new token replaces the hash, revoking clears
-- it, so an old or revoked token finds no row and answers 404 as an unknown one does.
CREATE TABLE heartbeat_tokens (
  check_id uuid PRIMARY KEY REFERENCES checks (id) ON DELETE CASCADE,
  token_hash text UNIQUE,
  issued_by uuid REFERENCES people (id) ON DELETE SET NULL,
  issued_at timestamptz,
  revoked_at timestamptz,
  last_call_at timestamptz
);
