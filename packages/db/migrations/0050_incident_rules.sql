-- Incident rules that must hold for every write path (the incidents routes and the generic data API):
-- enum validation with readable messages, the hypothesis tree, evidence links, lifecycle timestamps,
-- incident_histories for every event of spec 000 §4, and notification events on event_queue.
-- Messages match packages/contracts/src/incidents.ts (unknownValueMessage); a test keeps them in step.

-- Old and new values of a history row (status from/to, changed fields), shown on the timeline.
ALTER TABLE incident_histories ADD COLUMN properties jsonb;

-- Who made the change: the person the server set for this transaction (mc.actor_id), else the fallback.
CREATE OR REPLACE FUNCTION incident_actor(fallback uuid) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(NULLIF(current_setting('mc.actor_id', true), '')::uuid, fallback)
$$;

CREATE OR REPLACE FUNCTION incident_unknown(what text, val text, allowed text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001',
    MESSAGE = format('Unknown %s ''%s''. Expected one of: %s', what, COALESCE(val, 'null'), array_to_string(allowed, ', '));
END $$;

-- One history row and, when event_name is given, the matching notification event (same id).
CREATE OR REPLACE FUNCTION incident_record(
  p_incident uuid, p_type text, p_description text, p_by uuid, p_properties jsonb,
  p_hypothesis uuid, p_evidence uuid, p_comment uuid, p_responder uuid, event_name text
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  history uuid := generate_ulid();
BEGIN
  INSERT INTO incident_histories (id, incident_id, type, description, created_by, properties, hypothesis_id, evidence_id,
    comment_id, responder_id)
  VALUES (history, p_incident, p_type, p_description, p_by, p_properties, p_hypothesis, p_evidence, p_comment, p_responder);
  IF event_name IS NOT NULL THEN
    INSERT INTO event_queue (event_id, name, properties)
    VALUES (history, event_name, jsonb_build_object('id', p_incident, 'history_id', history) || COALESCE(p_properties, '{}'))
    ON CONFLICT DO NOTHING;
  END IF;
END $$;

-- Incidents: severity codes and case folded, enums checked, lifecycle timestamps kept.
CREATE OR REPLACE FUNCTION incidents_validate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  statuses text[] := ARRAY['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'];
  severities text[] := ARRAY['info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker'];
  codes text[] := ARRAY['low', 'medium', 'high', 'blocker', 'critical'];
  types text[] := ARRAY['cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technicalDebt',
    'reliability'];
BEGIN
  NEW.severity := CASE WHEN trim(NEW.severity) ~ '^[0-4]$' THEN codes[trim(NEW.severity)::int + 1]
    ELSE lower(trim(NEW.severity)) END;
  IF NEW.type = 'technical_debt' THEN NEW.type := 'technicalDebt'; END IF;
  IF NEW.status IS NULL OR NOT NEW.status = ANY (statuses) THEN PERFORM incident_unknown('incident status', NEW.status, statuses); END IF;
  IF NEW.severity IS NULL OR NOT NEW.severity = ANY (severities) THEN
    PERFORM incident_unknown('incident severity', NEW.severity, severities);
  END IF;
  IF NEW.type IS NULL OR NOT NEW.type = ANY (types) THEN PERFORM incident_unknown('incident type', NEW.type, types); END IF;
  IF trim(NEW.title) = '' THEN RAISE EXCEPTION 'Title is required'; END IF;
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status IN ('investigating', 'mitigated', 'resolved', 'closed') AND NEW.acknowledged IS NULL THEN
      NEW.acknowledged := now();
    END IF;
    IF NEW.status IN ('resolved', 'closed') AND NEW.resolved IS NULL THEN NEW.resolved := now(); END IF;
    IF NEW.status = 'closed' AND NEW.closed IS NULL THEN NEW.closed := now(); END IF;
    IF NEW.status NOT IN ('resolved', 'closed') THEN NEW.resolved := NULL; NEW.closed := NULL; END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER incidents_validate BEFORE INSERT OR UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION incidents_validate();

CREATE OR REPLACE FUNCTION incidents_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := '{}';
  field text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_record(NEW.id, 'incident.created', 'Incident ' || NEW.incident_id || ' created',
      incident_actor(NEW.created_by), jsonb_build_object('status', NEW.status, 'severity', NEW.severity, 'type', NEW.type),
      NULL, NULL, NULL, NULL, 'incident.created');
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM incident_record(NEW.id, 'incident.status_updated', 'Status changed from ' || OLD.status || ' to ' || NEW.status,
      incident_actor(NULL), jsonb_build_object('from', OLD.status, 'to', NEW.status), NULL, NULL, NULL, NULL,
      'incident.status.' || NEW.status);
  END IF;
  FOREACH field IN ARRAY ARRAY['title', 'description', 'severity', 'type', 'commander_id', 'communicator_id'] LOOP
    IF to_jsonb(NEW) -> field IS DISTINCT FROM to_jsonb(OLD) -> field THEN
      changes := changes || jsonb_build_object(field, jsonb_build_object('from', to_jsonb(OLD) -> field, 'to', to_jsonb(NEW) -> field));
    END IF;
  END LOOP;
  IF changes <> '{}' THEN
    PERFORM incident_record(NEW.id, 'incident_status.updated',
      'Updated ' || (SELECT string_agg(replace(k, '_id', ''), ', ' ORDER BY k) FROM jsonb_object_keys(changes) AS k),
      incident_actor(NULL), changes, NULL, NULL, NULL, NULL, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION incidents_history();

-- Hypotheses: enums, the tree root → factor → solution within one incident.
CREATE OR REPLACE FUNCTION hypotheses_validate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  statuses text[] := ARRAY['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'];
  kinds text[] := ARRAY['root', 'factor', 'solution'];
  parent record;
BEGIN
  IF NEW.status IS NULL OR NOT NEW.status = ANY (statuses) THEN PERFORM incident_unknown('hypothesis status', NEW.status, statuses); END IF;
  IF NEW.type IS NULL OR NOT NEW.type = ANY (kinds) THEN PERFORM incident_unknown('hypothesis type', NEW.type, kinds); END IF;
  IF trim(NEW.title) = '' THEN RAISE EXCEPTION 'Title is required'; END IF;
  IF TG_OP = 'UPDATE' AND NEW.incident_id IS DISTINCT FROM OLD.incident_id THEN
    RAISE EXCEPTION 'A hypothesis cannot move to another incident';
  END IF;
  IF NEW.parent_id IS NULL THEN
    IF NEW.type <> 'root' THEN RAISE EXCEPTION 'A % hypothesis needs a parent', NEW.type; END IF;
    RETURN NEW;
  END IF;
  SELECT incident_id, type INTO parent FROM hypotheses WHERE id = NEW.parent_id;
  IF NOT FOUND THEN RAISE EXCEPTION 'No hypothesis % to add this one under', NEW.parent_id; END IF;
  IF parent.incident_id <> NEW.incident_id THEN RAISE EXCEPTION 'The parent hypothesis belongs to another incident'; END IF;
  IF NEW.type = 'root' OR (NEW.type = 'factor' AND parent.type <> 'root') OR (NEW.type = 'solution' AND parent.type <> 'factor') THEN
    RAISE EXCEPTION 'A % hypothesis cannot be under a % (the tree is root, then factor, then solution)', NEW.type, parent.type;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hypotheses_validate BEFORE INSERT OR UPDATE ON hypotheses FOR EACH ROW EXECUTE FUNCTION hypotheses_validate();

CREATE OR REPLACE FUNCTION hypotheses_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_record(NEW.incident_id, 'hypothesis.created', 'Added ' || NEW.type || ' hypothesis ''' || NEW.title || '''',
      incident_actor(NEW.created_by), jsonb_build_object('title', NEW.title, 'type', NEW.type, 'status', NEW.status), NEW.id,
      NULL, NULL, NULL, NULL);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM incident_record(NEW.incident_id, 'hypothesis.status_updated',
      'Hypothesis ''' || NEW.title || ''' changed from ' || OLD.status || ' to ' || NEW.status, incident_actor(NULL),
      jsonb_build_object('from', OLD.status, 'to', NEW.status, 'title', NEW.title), NEW.id, NULL, NULL, NULL, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE ON hypotheses FOR EACH ROW EXECUTE FUNCTION hypotheses_history();

-- Evidence: type known, and the link column its type needs is set.
CREATE OR REPLACE FUNCTION evidences_validate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kinds text[] := ARRAY['log', 'config', 'topology', 'check', 'config_analysis', 'config_change', 'comment'];
  needed text;
BEGIN
  IF NEW.type IS NULL OR NOT NEW.type = ANY (kinds) THEN PERFORM incident_unknown('evidence type', NEW.type, kinds); END IF;
  needed := CASE NEW.type WHEN 'config' THEN 'config_id' WHEN 'topology' THEN 'component_id' WHEN 'check' THEN 'check_id'
    WHEN 'config_analysis' THEN 'config_analysis_id' WHEN 'config_change' THEN 'config_change_id' END;
  IF needed IS NOT NULL AND to_jsonb(NEW) ->> needed IS NULL THEN
    RAISE EXCEPTION '% evidence needs %', NEW.type, needed;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER evidences_validate BEFORE INSERT OR UPDATE ON evidences FOR EACH ROW EXECUTE FUNCTION evidences_validate();

CREATE OR REPLACE FUNCTION evidences_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  incident uuid;
  label text := COALESCE(NULLIF(NEW.description, ''), NEW.type);
BEGIN
  SELECT incident_id INTO incident FROM hypotheses WHERE id = NEW.hypothesis_id;
  IF TG_OP = 'INSERT' THEN
    PERFORM incident_record(incident, 'evidence.created', 'Attached ' || NEW.type || ' evidence ''' || label || '''',
      incident_actor(NEW.created_by), jsonb_build_object('type', NEW.type), NEW.hypothesis_id, NEW.id, NULL, NULL, NULL);
    RETURN NULL;
  END IF;
  IF NEW.definition_of_done AND NOT OLD.definition_of_done THEN
    PERFORM incident_record(incident, 'evidence.done_definition_added', 'Added ''' || label || ''' to the definition of done',
      incident_actor(NULL), jsonb_build_object('field', 'definition_of_done', 'value', true), NEW.hypothesis_id, NEW.id, NULL,
      NULL, NULL);
  END IF;
  IF NEW.done IS DISTINCT FROM OLD.done THEN
    PERFORM incident_record(incident, 'evidence.done_definition_added',
      'Marked ''' || label || ''' as ' || CASE WHEN NEW.done THEN 'done' ELSE 'not done' END, incident_actor(NULL),
      jsonb_build_object('field', 'done', 'value', NEW.done), NEW.hypothesis_id, NEW.id, NULL, NULL, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE ON evidences FOR EACH ROW EXECUTE FUNCTION evidences_history();

-- Comments: a hypothesis comment must be on a hypothesis of the same incident.
CREATE OR REPLACE FUNCTION comments_validate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF trim(NEW.comment) = '' THEN RAISE EXCEPTION 'Comment is required'; END IF;
  IF NEW.hypothesis_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM hypotheses WHERE id = NEW.hypothesis_id AND incident_id = NEW.incident_id) THEN
    RAISE EXCEPTION 'The hypothesis belongs to another incident';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER comments_validate BEFORE INSERT OR UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION comments_validate();

CREATE OR REPLACE FUNCTION comments_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_record(NEW.incident_id, 'responder.commented', left(NEW.comment, 200), incident_actor(NEW.created_by),
    jsonb_build_object('comment_id', NEW.id), NEW.hypothesis_id, NULL, NEW.id, NEW.responder_id, 'incident.comment.added');
  RETURN NULL;
END $$;
CREATE TRIGGER comments_history AFTER INSERT ON comments FOR EACH ROW EXECUTE FUNCTION comments_history();

-- Responders: a person or a team, never both.
CREATE OR REPLACE FUNCTION responders_validate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IS NULL OR NOT NEW.type = ANY (ARRAY['person', 'team']) THEN
    PERFORM incident_unknown('responder type', NEW.type, ARRAY['person', 'team']);
  END IF;
  IF (NEW.type = 'person' AND (NEW.person_id IS NULL OR NEW.team_id IS NOT NULL))
    OR (NEW.type = 'team' AND (NEW.team_id IS NULL OR NEW.person_id IS NOT NULL)) THEN
    RAISE EXCEPTION 'A % responder needs %_id and nothing else', NEW.type, NEW.type;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER responders_validate BEFORE INSERT OR UPDATE ON responders FOR EACH ROW EXECUTE FUNCTION responders_validate();

CREATE OR REPLACE FUNCTION responders_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT COALESCE((SELECT name FROM people WHERE id = NEW.person_id), (SELECT name FROM teams WHERE id = NEW.team_id)) INTO who;
    PERFORM incident_record(NEW.incident_id, 'responder.created', 'Added ' || COALESCE(who, NEW.type) || ' as responder',
      incident_actor(NEW.created_by), jsonb_build_object('responder_id', NEW.id, 'person_id', NEW.person_id, 'team_id', NEW.team_id),
      NULL, NULL, NULL, NEW.id, 'incident.responder.added');
  ELSIF TG_OP = 'DELETE' OR (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) THEN
    INSERT INTO event_queue (event_id, name, properties)
    VALUES (OLD.id, 'incident.responder.removed', jsonb_build_object('id', OLD.incident_id, 'responder_id', OLD.id,
      'person_id', OLD.person_id, 'team_id', OLD.team_id))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER responders_history AFTER INSERT OR UPDATE OR DELETE ON responders FOR EACH ROW EXECUTE FUNCTION responders_history();
