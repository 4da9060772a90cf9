-- Catalog read paths within their bench bars (issue 13 acceptance, bench/catalog).

-- Changes search: a change's item is asked only whether it is deleted (catalog-changes.repo.ts), an
-- anti-join against the deleted items this small partial index lists, instead of reading the item of every
-- matching change. The related-configs walk asks the same of a relationship's other end.
CREATE INDEX config_items_deleted_idx ON config_items (id) WHERE deleted_at IS NOT NULL;

-- Related configs: the walk reads live relationships in either direction and live children with
-- index-only scans (what a step needs is in the index), instead of a heap visit per edge.
CREATE INDEX config_relationships_live_out_idx ON config_relationships (config_id) INCLUDE (related_id, hard)
  WHERE deleted_at IS NULL;
CREATE INDEX config_relationships_live_in_idx ON config_relationships (related_id) INCLUDE (config_id, hard)
  WHERE deleted_at IS NULL;
CREATE INDEX config_items_live_children_idx ON config_items (parent_id) INCLUDE (id) WHERE deleted_at IS NULL;

-- The walk of 0081 (breadth-first, each item expanded once, so bounded by the items and edges reached),
-- now without a lookup per reached item when deleted items are left out: children come from the live
-- children index, and a relationship's other end — which exists, the foreign key cascades — is live unless
-- the index of deleted items lists it.
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
    IF include_deleted THEN
      -- every item, deleted or not: the full indexes and no liveness test
      IF direction = 'outgoing' THEN
        SELECT coalesce(array_agg(DISTINCT e.nid), '{}') INTO frontier FROM (
          SELECT r.related_id AS nid FROM config_relationships r
          WHERE r.config_id = ANY (frontier) AND r.deleted_at IS NULL AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          UNION ALL
          SELECT c.id FROM config_items c WHERE hard_ok AND c.parent_id = ANY (frontier)
        ) e WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid);
      ELSE
        SELECT coalesce(array_agg(DISTINCT e.nid), '{}') INTO frontier FROM (
          SELECT r.config_id AS nid FROM config_relationships r
          WHERE r.related_id = ANY (frontier) AND r.deleted_at IS NULL AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          UNION ALL
          SELECT c.parent_id FROM config_items c WHERE hard_ok AND c.id = ANY (frontier) AND c.parent_id IS NOT NULL
        ) e WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid);
      END IF;
    ELSIF direction = 'outgoing' THEN
      -- live items only: index-only scans of the live relationships and children (0082), and a relationship's
      -- target (which exists: the foreign key cascades) is live unless the small index of deleted items has it
      SELECT coalesce(array_agg(DISTINCT e.nid), '{}') INTO frontier FROM (
        SELECT r.related_id AS nid FROM config_relationships r
        WHERE r.config_id = ANY (frontier) AND r.deleted_at IS NULL AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          AND NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = r.related_id AND d.deleted_at IS NOT NULL)
        UNION ALL
        SELECT c.id FROM config_items c WHERE hard_ok AND c.parent_id = ANY (frontier) AND c.deleted_at IS NULL
      ) e WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid);
    ELSE
      SELECT coalesce(array_agg(DISTINCT e.nid), '{}') INTO frontier FROM (
        SELECT r.config_id AS nid FROM config_relationships r
        WHERE r.related_id = ANY (frontier) AND r.deleted_at IS NULL AND ((r.hard AND hard_ok) OR (NOT r.hard AND soft_ok))
          AND NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = r.config_id AND d.deleted_at IS NOT NULL)
        UNION ALL
        SELECT c.parent_id FROM config_items c WHERE hard_ok AND c.id = ANY (frontier) AND c.parent_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = c.parent_id AND d.deleted_at IS NOT NULL)
      ) e WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid);
    END IF;
    seen := seen || frontier;
    RETURN QUERY SELECT f.fid, step FROM unnest(frontier) f (fid);
  END LOOP;
END;
$$;

-- The answer, built set-wise: the reached items read once (without their documents), the edges among them
-- in one scan of their live relationships plus the parent tree from their own parent_id, their 7-day change
-- counts and open insights each in one grouped scan — instead of four correlated lookups per item.
CREATE OR REPLACE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (
  id uuid,
  name text,
  type text,
  config_class text,
  icon text,
  depth integer,
  direction text,
  related_ids text[],
  tags jsonb,
  labels jsonb,
  changes bigint,
  analysis jsonb,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  agent_id uuid,
  health text,
  ready boolean,
  status text,
  path text
)
LANGUAGE plpgsql STABLE ROWS 200 AS $$
DECLARE
  start_id uuid := related_configs_recursive.config_id;
  wanted text := coalesce(nullif(type_filter, ''), 'all');
  ids uuid[];
BEGIN
  IF start_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'config_id is required';
  END IF;
  IF wanted NOT IN ('incoming', 'outgoing', 'all') THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = format('type_filter must be incoming, outgoing or all, not %L', type_filter);
  END IF;
  IF max_depth IS NULL OR max_depth < 0 OR max_depth > 10 THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'max_depth must be between 0 and 10';
  END IF;
  IF coalesce(incoming_relation, '') NOT IN ('both', 'hard', 'soft')
     OR coalesce(outgoing_relation, '') NOT IN ('both', 'hard', 'soft') THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'incoming_relation and outgoing_relation must be both, hard or soft';
  END IF;
  RETURN QUERY
  WITH reached AS (
    SELECT start_id AS rid, 0 AS rdepth, 'self' AS rdirection
    UNION ALL
    SELECT p.id, p.depth, 'incoming' FROM config_related_ids(start_id, 'parent', max_depth, 'both', include_deleted_configs) p
    UNION ALL
    SELECT o.id, o.depth, 'outgoing' FROM config_related_ids(start_id, 'outgoing', max_depth, outgoing_relation, include_deleted_configs) o
    WHERE wanted IN ('outgoing', 'all')
    UNION ALL
    SELECT i.id, i.depth, 'incoming' FROM config_related_ids(start_id, 'incoming', max_depth, incoming_relation, include_deleted_configs) i
    WHERE wanted IN ('incoming', 'all')
  ), nodes AS MATERIALIZED (
    SELECT rid, min(rdepth) AS ndepth,
      CASE WHEN bool_or(rdirection = 'self') THEN 'self'
           WHEN count(DISTINCT rdirection) > 1 THEN 'both' ELSE min(rdirection) END AS ndirection
    FROM reached GROUP BY rid
  ), all_ids AS MATERIALIZED (
    SELECT array_agg(rid) AS a FROM nodes
  ), items AS MATERIALIZED (
    SELECT ci.id, ci.name, ci.type, ci.config_class, ci.icon, ci.parent_id, ci.tags, ci.labels, ci.cost_per_minute,
      ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.created_at, ci.updated_at, ci.deleted_at,
      ci.agent_id, ci.health, ci.ready, ci.status, ci.path, n.ndepth, n.ndirection
    FROM nodes n JOIN config_items ci ON ci.id = n.rid
  ), edges AS (
    -- relationships among the answer's items, read by their sources in one index scan, and the parent tree
    -- from the items' own parent_id
    SELECT r.config_id AS src, r.related_id AS dst FROM config_relationships r, all_ids
    WHERE r.config_id = ANY (all_ids.a) AND r.related_id = ANY (all_ids.a) AND r.deleted_at IS NULL
    UNION
    SELECT i.parent_id, i.id FROM items i WHERE i.parent_id IN (SELECT rid FROM nodes)
  ), linked AS (
    SELECT src, array_agg(dst::text ORDER BY dst) AS lids FROM edges GROUP BY src
  ), changed AS (
    SELECT cc.config_id AS cid, count(*) AS n FROM config_changes cc, all_ids
    WHERE cc.config_id = ANY (all_ids.a) AND cc.created_at > now() - interval '7 days' GROUP BY 1
  ), analysed AS (
    SELECT a.cid, jsonb_object_agg(a.analysis_type, a.cnt) AS kinds FROM (
      SELECT ca.config_id AS cid, coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS cnt
      FROM config_analysis ca, all_ids WHERE ca.config_id = ANY (all_ids.a) AND ca.status = 'open' GROUP BY 1, 2) a
    GROUP BY a.cid
  )
  SELECT i.id, i.name, i.type, i.config_class, i.icon, i.ndepth, i.ndirection, coalesce(l.lids, '{}'),
    i.tags, i.labels, coalesce(c.n, 0), a.kinds,
    i.cost_per_minute, i.cost_total_1d, i.cost_total_7d, i.cost_total_30d, i.created_at, i.updated_at,
    i.deleted_at, i.agent_id, i.health, i.ready, i.status, i.path
  FROM items i
  LEFT JOIN linked l ON l.src = i.id
  LEFT JOIN changed c ON c.cid = i.id
  LEFT JOIN analysed a ON a.cid = i.id
  ORDER BY i.ndepth, i.name, i.id;
END;
$$;
