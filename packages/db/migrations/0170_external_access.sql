-- Access entries of config-db (upstream duty schema/config_access.hcl): the external identities a scraper
-- found (users, groups, roles and who is in which group), who may access which config item, and who did.
-- Written only by scrapes (catalog/access/), read through /api/db. Names and columns are upstream's; the
-- scraper columns cascade where upstream has no action, so a scraper removed for good takes its entries.
-- Aliases are stored normalised (trimmed, lower-case, sorted, distinct) as upstream's trigger leaves them.

CREATE TABLE external_users (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  -- Azure tenant ID, AWS account ID, GCP project ID
  account_id text NOT NULL DEFAULT '',
  aliases text[],
  name text NOT NULL DEFAULT '',
  user_type text NOT NULL DEFAULT '',
  email text,
  scraper_id uuid NOT NULL REFERENCES config_scrapers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  created_by uuid
);
CREATE UNIQUE INDEX external_users_aliases_key ON external_users (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_users_aliases_gin ON external_users USING gin (aliases);
CREATE INDEX external_users_scraper_id_idx ON external_users (scraper_id);
CREATE INDEX external_users_name_idx ON external_users (name) WHERE deleted_at IS NULL;
CREATE INDEX external_users_email_idx ON external_users (email) WHERE deleted_at IS NULL;
CREATE INDEX external_users_account_id_idx ON external_users (account_id, user_type) WHERE deleted_at IS NULL;

CREATE TABLE external_groups (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  account_id text NOT NULL DEFAULT '',
  scraper_id uuid NOT NULL REFERENCES config_scrapers (id) ON DELETE CASCADE,
  aliases text[],
  name text NOT NULL DEFAULT '',
  group_type text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz
);
CREATE UNIQUE INDEX external_groups_aliases_key ON external_groups (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_groups_aliases_gin ON external_groups USING gin (aliases);
CREATE INDEX external_groups_scraper_id_idx ON external_groups (scraper_id);
CREATE INDEX external_groups_name_idx ON external_groups (name) WHERE deleted_at IS NULL;
CREATE INDEX external_groups_account_id_idx ON external_groups (account_id, group_type) WHERE deleted_at IS NULL;

CREATE TABLE external_roles (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  -- upstream's applications table is not kept here: the column is there for its rows, unreferenced
  application_id uuid,
  account_id text NOT NULL DEFAULT '',
  aliases text[],
  role_type text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT external_roles_parent CHECK (application_id IS NOT NULL OR scraper_id IS NOT NULL)
);
CREATE UNIQUE INDEX external_roles_aliases_key ON external_roles (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_roles_aliases_gin ON external_roles USING gin (aliases);
CREATE INDEX external_roles_scraper_id_idx ON external_roles (scraper_id);
CREATE INDEX external_roles_application_id_idx ON external_roles (application_id);
CREATE INDEX external_roles_name_idx ON external_roles (name) WHERE deleted_at IS NULL;
CREATE INDEX external_roles_account_id_idx ON external_roles (account_id, role_type) WHERE deleted_at IS NULL;

CREATE TABLE external_user_groups (
  external_user_id uuid NOT NULL REFERENCES external_users (id) ON DELETE CASCADE,
  external_group_id uuid NOT NULL REFERENCES external_groups (id) ON DELETE CASCADE,
  scraper_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  deleted_at timestamptz,
  deleted_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  PRIMARY KEY (external_user_id, external_group_id, scraper_id)
);
CREATE INDEX external_user_groups_external_group_id_idx ON external_user_groups (external_group_id);
CREATE INDEX external_user_groups_scraper_id_idx ON external_user_groups (scraper_id);

CREATE TABLE config_access (
  -- not a uuid: the source's own id when it has one (e.g. a Microsoft role assignment id)
  id text PRIMARY KEY DEFAULT generate_ulid()::text,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  application_id uuid,
  -- the internal process that produced the entry when no scraper or application did (e.g. 'rbac')
  source text,
  external_user_id uuid REFERENCES external_users (id) ON DELETE CASCADE,
  external_group_id uuid REFERENCES external_groups (id) ON DELETE CASCADE,
  external_role_id uuid REFERENCES external_roles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by uuid,
  last_reviewed_at timestamptz,
  last_reviewed_by uuid,
  created_by uuid,
  CONSTRAINT config_access_origin CHECK (scraper_id IS NOT NULL OR application_id IS NOT NULL OR source IS NOT NULL),
  CONSTRAINT at_least_one_id CHECK (
    external_user_id IS NOT NULL OR external_group_id IS NOT NULL OR external_role_id IS NOT NULL
  )
);
CREATE UNIQUE INDEX config_access_config_id_external_user_id_external_group_id_external_role_id_key
  ON config_access (config_id, external_user_id, external_group_id, external_role_id) WHERE deleted_at IS NULL;
CREATE INDEX config_access_external_user_id_idx ON config_access (external_user_id);
CREATE INDEX config_access_external_group_id_idx ON config_access (external_group_id);
CREATE INDEX config_access_external_role_id_idx ON config_access (external_role_id);
CREATE INDEX config_access_scraper_id_idx ON config_access (scraper_id);
CREATE INDEX config_access_application_id_idx ON config_access (application_id);
CREATE INDEX config_access_created_at_idx ON config_access (created_at DESC);

CREATE TABLE config_access_logs (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_user_id uuid NOT NULL REFERENCES external_users (id) ON DELETE CASCADE,
  scraper_id uuid NOT NULL REFERENCES config_scrapers (id) ON DELETE CASCADE,
  mfa boolean,
  properties jsonb,
  count integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (config_id, external_user_id, scraper_id)
);
CREATE INDEX config_access_logs_external_user_id_idx ON config_access_logs (external_user_id);
CREATE INDEX config_access_logs_scraper_id_idx ON config_access_logs (scraper_id);
CREATE INDEX config_access_logs_created_at_idx ON config_access_logs (created_at DESC);
