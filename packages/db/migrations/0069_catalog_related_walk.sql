-- The related-configs walk of 0066, planned per direction: each step's statement reads only the two
-- sources of its direction (relationships and the parent tree), and the ancestors are followed one
-- parent at a time, so a step costs its index lookups and a small plan instead of a four-way union.
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
            AND ((r.relation = 'hard' AND hard_ok) OR (r.relation <> 'hard' AND soft_ok))
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
            AND ((r.relation = 'hard' AND hard_ok) OR (r.relation <> 'hard' AND soft_ok))
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
