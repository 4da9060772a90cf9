-- Hosted organisation mode (issue 18; docs/hosted-mode.md).

-- The organisation service (MC_AUTH_MODE=hosted): organisations and their metadata. backend_url is the
-- organisation backend's address, instance_finished whether its instance is provisioned, direct whether
-- the console calls the backend itself (true) or through the service's proxy (false).
CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  backend_url text,
  instance_finished boolean NOT NULL DEFAULT false,
  direct boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Members of an organisation with their organisation role (owner, admin, member), each mapped onto a
-- console role in the tokens the service signs.
CREATE TABLE organization_members (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, person_id)
);
CREATE INDEX organization_members_person_idx ON organization_members (person_id);

-- The service's token signing keys (every replica signs with the newest; the JWKS lists them all).
CREATE TABLE organization_signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Audit rows on both sides name the organisation a change was made in (null outside hosted mode).
ALTER TABLE audit_log ADD COLUMN organization_id text;
