-- team_components as PostgREST sees upstream's (issue 29, class 1): upstream keeps it as a table whose
-- team_id and component_id are foreign keys, so `team_components?select=*,team:teams(…)` embeds. Ours
-- was a view showing teams.id (a referenced column), from which PostgREST infers no key. The owner
-- links now live in a table with upstream's constraint names, kept by triggers, and the view shows its
-- columns, so the keys are read from the schema as PostgREST reads them (no declaration needed).

CREATE TABLE team_component_links (
  team_id uuid NOT NULL CONSTRAINT team_components_team_id_fkey REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL CONSTRAINT team_components_component_id_fkey REFERENCES components (id) ON DELETE CASCADE,
  -- unique, not a primary key: PostgREST would take a table whose primary key holds both keys for a
  -- many-to-many junction between teams and components, which upstream's schema has not
  CONSTRAINT team_component_links_key UNIQUE (team_id, component_id)
);
CREATE INDEX team_component_links_component_id_idx ON team_component_links (component_id);

-- A component is owned by the live teams named by its owner (components.owner holds a team name).
CREATE FUNCTION team_component_links_of_component() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_component_links WHERE component_id = NEW.id;
  IF NEW.deleted_at IS NULL AND NEW.owner IS NOT NULL THEN
    INSERT INTO team_component_links (team_id, component_id)
      SELECT t.id, NEW.id FROM teams t WHERE t.name = NEW.owner AND t.deleted_at IS NULL
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER components_team_links AFTER INSERT OR UPDATE OF owner, deleted_at ON components
  FOR EACH ROW EXECUTE FUNCTION team_component_links_of_component();

-- A team owns the live components whose owner is its name.
CREATE FUNCTION team_component_links_of_team() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_component_links WHERE team_id = NEW.id;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO team_component_links (team_id, component_id)
      SELECT NEW.id, c.id FROM components c WHERE c.owner = NEW.name AND c.deleted_at IS NULL
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER teams_component_links AFTER INSERT OR UPDATE OF name, deleted_at ON teams
  FOR EACH ROW EXECUTE FUNCTION team_component_links_of_team();

INSERT INTO team_component_links (team_id, component_id)
  SELECT t.id, c.id FROM components c JOIN teams t ON t.name = c.owner AND t.deleted_at IS NULL
  WHERE c.deleted_at IS NULL
  ON CONFLICT DO NOTHING;

-- Same columns as before; the live-row conditions stay in the view as well as in the triggers.
CREATE OR REPLACE VIEW team_components AS
  SELECT l.team_id, l.component_id, c.name, c.type, c.icon, c.status, 'owner'::text AS role
  FROM team_component_links l
  JOIN components c ON c.id = l.component_id AND c.deleted_at IS NULL
  JOIN teams t ON t.id = l.team_id AND t.deleted_at IS NULL;
