-- Hard and soft relationships told apart by a column (issue 13 §4): a relationship is hard when its source
-- declared it — a scraper wrote it (Kubernetes owner references, pod → node, a scraper's
-- transform.relationship selectors) or it carries upstream's relation 'hard' — and soft otherwise (manual
-- links, relation 'soft', selector 'manual'). Until now only relation = 'hard' counted, so the named
-- relations scrapers store (DeploymentReplicaSet, NodePod…) were walked as soft. The column is generated,
-- so every writer (scrapes, seeds, manual links) gets it right without setting it; a scraper deleted
-- outright (scraper_id set to NULL) leaves its relationships soft, as nothing maintains them any more.
ALTER TABLE config_relationships
  ADD COLUMN hard boolean GENERATED ALWAYS AS (relation = 'hard' OR scraper_id IS NOT NULL) STORED;

-- Tags and labels filters through the data API (`tags=cs.{"env":"prod"}`, `labels=cs.{…}`) on live items:
-- jsonb_path_ops GIN indexes serve @> only, and are smaller and faster for it than 0004's jsonb_ops ones
-- (which stay for the ? and ?| key operators).
CREATE INDEX config_items_tags_live_path_idx ON config_items USING gin (tags jsonb_path_ops) WHERE deleted_at IS NULL;
CREATE INDEX config_items_labels_live_path_idx ON config_items USING gin (labels jsonb_path_ops)
  WHERE deleted_at IS NULL;

-- The related-configs walk of 0069 with hard meaning the column above (and the parent tree, as before).
CREATE OR REPLACE FUNCTION config_related_ids(
  start_id uuid,
  direction text,
  max_depth integer,
  relation text DEFAULT 'both',
  include_deleted boolean DEFAULT false
) RETURNS TABLE (id uuid, depth integer)
LANGUAGE plpgsql STABLE ROWS 200 AS $$
DECLARE
  frontier uuid[] := ARRAY[start_id];
  seen uuid[] := ARRAY[start_id];
  step integer := 0;
  hard_ok boolean := relation IN ('both', 'hard');
  soft_ok boolean := relation IN ('both', 'soft');
  current_id uuid := start_id;
  parent uuid;
BEGIN
  IF direction = 'parent' THEN
    WHILE step < max_depth LOOP
      SELECT c.parent_id INTO parent FROM config_items c WHERE c.id = current_id;
      EXIT WHEN parent IS NULL OR parent = ANY (seen);
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM config_items c WHERE c.id = parent AND (include_deleted OR c.deleted_at IS NULL));
      step := step + 1;
      seen := seen || parent;
      current_id := parent;
      id := parent;
      depth := step;
      RETURN NEXT;
    END LOOP;
    RETURN;
  END IF;
  WHILE step < max_depth AND cardinality(frontier) > 0 LOOP
    step := step + 1;
    IF direction = 'outgoing' THEN
      SELECT coalesce(array_agg(n.nid), '{}') INTO frontier
      FROM (
        SELECT DISTINCT e.nid FROM (
          SELECT r.related_id AS nid FROM config_relationships r
          WHERE r.config_id = ANY (frontier) AND r.deleted_at IS NULL
            AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          UNION ALL
          SELECT c.id FROM config_items c WHERE hard_ok AND c.parent_id = ANY (frontier)
        ) e
        WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid)
      ) n
      CROSS JOIN LATERAL (
        SELECT 1 FROM config_items ci WHERE ci.id = n.nid AND (include_deleted OR ci.deleted_at IS NULL)
      ) live;
    ELSE
      SELECT coalesce(array_agg(n.nid), '{}') INTO frontier
      FROM (
        SELECT DISTINCT e.nid FROM (
          SELECT r.config_id AS nid FROM config_relationships r
          WHERE r.related_id = ANY (frontier) AND r.deleted_at IS NULL
            AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          UNION ALL
          SELECT c.parent_id FROM config_items c WHERE hard_ok AND c.id = ANY (frontier) AND c.parent_id IS NOT NULL
        ) e
        WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid)
      ) n
      CROSS JOIN LATERAL (
        SELECT 1 FROM config_items ci WHERE ci.id = n.nid AND (include_deleted OR ci.deleted_at IS NULL)
      ) live;
    END IF;
    seen := seen || frontier;
    RETURN QUERY SELECT f.fid, step FROM unnest(frontier) f (fid);
  END LOOP;
END;
$$;
