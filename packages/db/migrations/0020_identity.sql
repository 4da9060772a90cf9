-- Identity and access: the built-in Kratos-compatible identity provider (identities, credentials,
-- sessions, self-service flows, flow errors, one-time codes), sign-in lockouts, role assignments
-- (casbin_rule, as upstream), API tokens and invites. People, teams and permissions come from 0002 and 0009.

-- One identity per person (same id), with the traits the identity schema defines (email, name).
CREATE TABLE identities (
  id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Credentials by type: password (argon2id hash), totp (secret, last used step), lookup_secret
-- (hashed backup codes), webauthn, oidc. `config` never leaves the server.
CREATE TABLE identity_credentials (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('password', 'totp', 'lookup_secret', 'webauthn', 'oidc')),
  identifiers text[] NOT NULL DEFAULT '{}',
  config jsonb NOT NULL DEFAULT '{}',
  version int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_id, type)
);

-- Identifiers are unique per credential type (an email signs in one identity only).
CREATE TABLE identity_credential_identifiers (
  identifier text NOT NULL,
  type text NOT NULL,
  credential_id uuid NOT NULL REFERENCES identity_credentials (id) ON DELETE CASCADE,
  PRIMARY KEY (type, identifier)
);

CREATE TABLE identity_addresses (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  via text NOT NULL DEFAULT 'email',
  value text NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (via, value)
);

-- Sessions: only the SHA-256 of the token is stored; a stolen table signs nobody in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  token_hash text NOT NULL UNIQUE,
  logout_token_hash text NOT NULL UNIQUE,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  methods jsonb NOT NULL DEFAULT '[]',
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true,
  user_agent text,
  ip text
);
CREATE INDEX sessions_identity_id_idx ON sessions (identity_id);

-- Self-service flows (login, registration, recovery, verification, settings), browser or api.
CREATE TABLE selfservice_flows (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  kind text NOT NULL CHECK (kind IN ('login', 'registration', 'recovery', 'verification', 'settings')),
  type text NOT NULL CHECK (type IN ('browser', 'api')),
  state text NOT NULL,
  csrf_token text NOT NULL DEFAULT '',
  request_url text NOT NULL,
  return_to text,
  refresh boolean NOT NULL DEFAULT false,
  requested_aal text NOT NULL DEFAULT 'aal1',
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  session_id uuid REFERENCES sessions (id) ON DELETE CASCADE,
  active text,
  ui jsonb NOT NULL,
  internal jsonb NOT NULL DEFAULT '{}',
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX selfservice_flows_expires_at_idx ON selfservice_flows (expires_at);

-- Errors a browser is redirected to (GET /self-service/errors?id=).
CREATE TABLE selfservice_errors (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  error jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Emailed one-time codes for recovery and verification; hashed, single use, few attempts.
CREATE TABLE selfservice_codes (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  flow_id uuid NOT NULL REFERENCES selfservice_flows (id) ON DELETE CASCADE,
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  address text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX selfservice_codes_flow_id_idx ON selfservice_codes (flow_id);

-- Failed sign-in and recovery attempts per key (identifier or address), and the temporary lock.
CREATE TABLE auth_attempts (
  key text PRIMARY KEY,
  failures int NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Role assignments as upstream: ptype 'g', v0 = person id, v1 = role.
CREATE TABLE IF NOT EXISTS casbin_rule (
  id serial PRIMARY KEY,
  ptype text NOT NULL DEFAULT 'g',
  v0 text NOT NULL DEFAULT '',
  v1 text NOT NULL DEFAULT '',
  v2 text NOT NULL DEFAULT '',
  v3 text NOT NULL DEFAULT '',
  v4 text NOT NULL DEFAULT '',
  v5 text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX IF NOT EXISTS casbin_rule_unique_idx ON casbin_rule (ptype, v0, v1, v2, v3, v4, v5);

-- People with their roles (upstream view; teams are not people).
CREATE OR REPLACE VIEW people_roles AS
SELECT p.id, p.name, p.email, p.avatar, p.type, p.created_at, p.updated_at, p.deleted_at, p.last_login,
  COALESCE(ARRAY(SELECT c.v1 FROM casbin_rule c WHERE c.ptype = 'g' AND c.v0 = p.id::text ORDER BY c.v1), '{}') AS roles
FROM people p
WHERE p.deleted_at IS NULL AND (p.type IS NULL OR p.type <> 'team');

-- API tokens for scripts and agents: only the SHA-256 of the secret is kept.
CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  value_hash text NOT NULL UNIQUE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX access_tokens_person_id_idx ON access_tokens (person_id);

-- Invitations sent by POST /api/auth/invite_user.
CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz
);
