-- Topology runtime (issue 14): component changes, the health roll-up (a component's status from its own
-- health, its checks, its configuration items and its children, worst wins, with the reason kept) run
-- incrementally by triggers where check statuses and config health are stored, and the read views of
-- the topology calls (000 §7).

-- What the builder and the roll-up changed on a component (created, updated, deleted, status).
CREATE TABLE component_changes (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  change_type text NOT NULL,
  summary text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX component_changes_component_created_idx ON component_changes (component_id, created_at DESC);

-- The builder finds a topology's live components by their stable external id; the tree reads children.
CREATE INDEX components_topology_external_idx ON components (topology_id, external_id) WHERE deleted_at IS NULL;
CREATE INDEX components_parent_live_idx ON components (parent_id, name) WHERE deleted_at IS NULL;
CREATE INDEX components_roots_idx ON components (name) WHERE deleted_at IS NULL AND parent_id IS NULL;
CREATE INDEX check_component_relationships_component_idx ON check_component_relationships (component_id)
  WHERE deleted_at IS NULL;
CREATE INDEX config_component_relationships_component_idx ON config_component_relationships (component_id)
  WHERE deleted_at IS NULL;

-- Worst first: unhealthy, warning, healthy; unknown says nothing and loses to any known status.
CREATE OR REPLACE FUNCTION component_status_rank(status text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'unhealthy' THEN 3 WHEN 'warning' THEN 2 WHEN 'healthy' THEN 1 ELSE 0 END
$$;

-- Recomputes one component's status, reason and summary; true when any of them changed. A status
-- change is recorded in component_changes.
CREATE OR REPLACE FUNCTION component_rollup_one(target uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  cur record;
  worst record;
  counts jsonb;
  check_counts jsonb;
  new_status text;
  new_reason text;
BEGIN
  SELECT id, health, status, status_reason, summary INTO cur
    FROM components WHERE id = target AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN false; END IF;

  SELECT s.status, s.reason INTO worst FROM (
    SELECT coalesce(cur.health, 'unknown') AS status, NULL::text AS reason, 0 AS src, ''::text AS name
    UNION ALL
    SELECT coalesce(k.status, 'unknown'), format('check %s is %s', k.name, coalesce(k.status, 'unknown')), 1, k.name
      FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
      WHERE r.component_id = target AND r.deleted_at IS NULL
    UNION ALL
    SELECT coalesce(ci.health, 'unknown'), format('config %s is %s', coalesce(ci.name, ci.id::text), coalesce(ci.health, 'unknown')),
        2, coalesce(ci.name, '')
      FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
      WHERE r.component_id = target AND r.deleted_at IS NULL
    UNION ALL
    SELECT c.status, format('%s: %s', c.name, coalesce(c.status_reason, c.status)), 3, c.name
      FROM components c WHERE c.parent_id = target AND c.deleted_at IS NULL
  ) s
  ORDER BY component_status_rank(s.status) DESC, s.src, s.name
  LIMIT 1;

  new_status := CASE WHEN worst.status IN ('unhealthy', 'warning', 'healthy') THEN worst.status ELSE 'unknown' END;
  new_reason := CASE WHEN new_status IN ('unhealthy', 'warning') THEN worst.reason END;

  SELECT jsonb_build_object(
      'healthy', count(*) FILTER (WHERE c.status = 'healthy'),
      'unhealthy', count(*) FILTER (WHERE c.status = 'unhealthy'),
      'warning', count(*) FILTER (WHERE c.status = 'warning'),
      'unknown', count(*) FILTER (WHERE c.status NOT IN ('healthy', 'unhealthy', 'warning')))
    INTO counts
    FROM components c WHERE c.parent_id = target AND c.deleted_at IS NULL;
  SELECT jsonb_build_object(
      'healthy', count(*) FILTER (WHERE k.status = 'healthy'),
      'unhealthy', count(*) FILTER (WHERE k.status = 'unhealthy'),
      'unknown', count(*) FILTER (WHERE k.status IS NULL OR k.status NOT IN ('healthy', 'unhealthy')))
    INTO check_counts
    FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
    WHERE r.component_id = target AND r.deleted_at IS NULL;
  counts := counts || jsonb_build_object('checks', check_counts);

  IF cur.status IS NOT DISTINCT FROM new_status AND cur.status_reason IS NOT DISTINCT FROM new_reason
     AND cur.summary IS NOT DISTINCT FROM counts THEN
    RETURN false;
  END IF;
  UPDATE components SET status = new_status, status_reason = new_reason, summary = counts WHERE id = target;
  IF cur.status IS DISTINCT FROM new_status THEN
    INSERT INTO component_changes (component_id, change_type, summary, details)
      VALUES (target, 'status', format('%s → %s%s', cur.status, new_status,
        CASE WHEN new_reason IS NULL THEN '' ELSE ': ' || new_reason END),
        jsonb_build_object('from', cur.status, 'to', new_status, 'reason', new_reason));
  END IF;
  RETURN true;
END $$;

-- Recomputes a component and walks up its ancestors while something changes (depth-bounded).
CREATE OR REPLACE FUNCTION component_rollup(target uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  cur uuid := target;
  steps integer := 0;
BEGIN
  WHILE cur IS NOT NULL AND steps < 64 LOOP
    steps := steps + 1;
    EXIT WHEN NOT component_rollup_one(cur);
    SELECT parent_id INTO cur FROM components WHERE id = cur;
  END LOOP;
END $$;

-- Recomputes every live component of a topology, deepest first, so each parent sees its children's new status.
CREATE OR REPLACE FUNCTION topology_rollup(target uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  row record;
  changed integer := 0;
BEGIN
  FOR row IN SELECT id FROM components WHERE topology_id = target AND deleted_at IS NULL
      ORDER BY CASE WHEN coalesce(path, '') = '' THEN 0
        ELSE length(path) - length(replace(path, '.', '')) + 1 END DESC, id LOOP
    IF component_rollup_one(row.id) THEN changed := changed + 1; END IF;
  END LOOP;
  RETURN changed;
END $$;

-- A check's status flip (stored with its result) or deletion rolls up to its components at once.
CREATE OR REPLACE FUNCTION checks_component_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  link record;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    FOR link IN SELECT DISTINCT component_id FROM check_component_relationships
        WHERE check_id = NEW.id AND deleted_at IS NULL LOOP
      PERFORM component_rollup(link.component_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER checks_component_rollup AFTER UPDATE OF status, deleted_at ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_component_rollup();

-- A config item's health change rolls up to the components it is linked to.
CREATE OR REPLACE FUNCTION config_items_component_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  link record;
BEGIN
  IF NEW.health IS DISTINCT FROM OLD.health OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    FOR link IN SELECT DISTINCT component_id FROM config_component_relationships
        WHERE config_id = NEW.id AND deleted_at IS NULL LOOP
      PERFORM component_rollup(link.component_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_component_rollup AFTER UPDATE OF health, deleted_at ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_component_rollup();

-- A link added, removed or soft-deleted (the builder, or the console's manual config link) rolls up too.
CREATE OR REPLACE FUNCTION component_link_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM component_rollup(OLD.component_id);
  ELSIF TG_OP = 'INSERT' OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    PERFORM component_rollup(NEW.component_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER check_component_relationships_rollup AFTER INSERT OR UPDATE OR DELETE ON check_component_relationships
  FOR EACH ROW EXECUTE FUNCTION component_link_rollup();
CREATE TRIGGER config_component_relationships_rollup AFTER INSERT OR UPDATE OR DELETE ON config_component_relationships
  FOR EACH ROW EXECUTE FUNCTION component_link_rollup();

-- Read views of the topology calls (000 §7).
CREATE VIEW component_names AS
  SELECT id, name, type, icon, parent_id, topology_id, status FROM components WHERE deleted_at IS NULL;

CREATE VIEW component_labels AS
  SELECT DISTINCT l.key, l.value
  FROM components c
  CROSS JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(c.labels) = 'object' THEN c.labels ELSE '{}'::jsonb END)
    AS l(key, value)
  WHERE c.deleted_at IS NULL;

CREATE VIEW components_with_logs AS
  SELECT id, name, type, icon, agent_id, log_selectors FROM components
  WHERE deleted_at IS NULL AND log_selectors IS NOT NULL AND jsonb_typeof(log_selectors) = 'array'
    AND jsonb_array_length(log_selectors) > 0;

-- A component belongs to the team its owner names.
CREATE VIEW team_components AS
  SELECT t.id AS team_id, c.id AS component_id, c.name, c.type, c.icon, c.status, 'owner'::text AS role
  FROM components c JOIN teams t ON t.name = c.owner AND t.deleted_at IS NULL
  WHERE c.deleted_at IS NULL;
