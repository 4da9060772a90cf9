-- Invitations carry an unguessable single-use token (only its SHA-256 is stored), the address they
-- were sent to and an expiry: only registration through the mailed link takes the invited role.
-- Invites made before this have no token and can no longer be accepted (invite the person again).
ALTER TABLE invites ADD COLUMN token_hash text;
ALTER TABLE invites ADD COLUMN email text;
ALTER TABLE invites ADD COLUMN expires_at timestamptz;
CREATE UNIQUE INDEX invites_token_hash_key ON invites (token_hash) WHERE token_hash IS NOT NULL;
