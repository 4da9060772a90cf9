-- The first characters of a heartbeat token (issue 33): the console lists a check's live token by them, so
-- a person can tell which URL a job holds. 8 of its 43 base64url characters (48 of 256 bits) leave the rest
-- unguessable; revoking clears the prefix with the hash. Like the hash, never served by the data API.
ALTER TABLE heartbeat_tokens ADD COLUMN token_prefix text CHECK (token_prefix IS NULL OR length(token_prefix) <= 16);
