-- Status pages (issue 33 item 1): a page an editor builds from selectors over topology components and
-- checks, served to anonymous readers at /status/{slug}. A token-protected page keeps only the SHA-256
-- of its read token (token_hash), which the data API never serves.

CREATE TABLE status_pages (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  logo_url text CHECK (logo_url IS NULL OR length(logo_url) <= 20000),
  visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'token')),
  token_hash text,
  -- {names: [], types: [], labels: {}} each: which components and checks the page shows
  component_selector jsonb NOT NULL DEFAULT '{}'::jsonb,
  check_selector jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT status_pages_token_check CHECK (visibility = 'public' OR token_hash IS NOT NULL)
);
-- One live page per slug; the public routes look pages up by it.
CREATE UNIQUE INDEX status_pages_slug_key ON status_pages (slug) WHERE deleted_at IS NULL;
-- The console's list: newest first among live pages.
CREATE INDEX status_pages_created_at_idx ON status_pages (created_at DESC) WHERE deleted_at IS NULL;
-- A badge's read token is looked up by its hash.
CREATE INDEX status_pages_token_hash_idx ON status_pages (token_hash) WHERE token_hash IS NOT NULL;
