-- A canary, catalog scraper or log backend is assigned to an agent by its agent_id (docs/agents.md). The
-- foreign key accepts a soft-deleted agent, which would leave the row run by nobody; every write path
-- (the dedicated routes, /api/db, watched files) is refused with a message naming the field instead.
CREATE OR REPLACE FUNCTION require_live_agent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM agents WHERE id = NEW.agent_id AND deleted_at IS NULL) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001',
      MESSAGE = format('agent_id: no agent with id %s (pick one from /settings/agents, or the all-zero id for this server)', NEW.agent_id);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER canaries_live_agent BEFORE INSERT OR UPDATE OF agent_id ON canaries
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION require_live_agent();
CREATE TRIGGER config_scrapers_live_agent BEFORE INSERT OR UPDATE OF agent_id ON config_scrapers
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION require_live_agent();
CREATE TRIGGER logging_backends_live_agent BEFORE INSERT OR UPDATE OF agent_id ON logging_backends
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION require_live_agent();
