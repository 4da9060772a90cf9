-- Related configs (issue 13 §4, spec 000 §7 rpc/related_configs_recursive, §9 max depth 10).
--
-- The graph is config_relationships (config_id → related_id; relation 'hard' from the source, anything else
-- soft: rules or a manual link) plus the parent tree (parent_id → id, hard). Traversal is breadth-first with
-- a visited set, so every item is expanded once whatever the cycles or the number of paths to it: the cost
-- is bounded by the items and edges reached, never by the paths between them.

-- Items reachable from start_id within max_depth steps in one direction, each with its smallest depth.
-- direction: 'outgoing' (config_id → related_id, parent → child), 'incoming' (the reverse) or 'parent' (the
-- ancestors only). relation: 'both', 'hard' (hard relationships and the parent tree) or 'soft' (soft
-- relationships only). Deleted items are neither returned nor crossed unless include_deleted.
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
BEGIN
  WHILE step < max_depth AND cardinality(frontier) > 0 LOOP
    step := step + 1;
    SELECT coalesce(array_agg(n.nid), '{}') INTO frontier
    FROM (
      SELECT DISTINCT e.nid FROM (
        SELECT r.related_id AS nid FROM config_relationships r
        WHERE direction = 'outgoing' AND r.config_id = ANY (frontier) AND r.deleted_at IS NULL
          AND ((r.relation = 'hard' AND hard_ok) OR (r.relation <> 'hard' AND soft_ok))
        UNION ALL
        SELECT r.config_id FROM config_relationships r
        WHERE direction = 'incoming' AND r.related_id = ANY (frontier) AND r.deleted_at IS NULL
          AND ((r.relation = 'hard' AND hard_ok) OR (r.relation <> 'hard' AND soft_ok))
        UNION ALL
        SELECT c.id FROM config_items c
        WHERE direction = 'outgoing' AND hard_ok AND c.parent_id = ANY (frontier)
        UNION ALL
        SELECT c.parent_id FROM config_items c
        WHERE direction IN ('incoming', 'parent') AND (hard_ok OR direction = 'parent') AND c.id = ANY (frontier)
          AND c.parent_id IS NOT NULL
      ) e
      WHERE NOT EXISTS (SELECT 1 FROM unnest(seen) s (sid) WHERE s.sid = e.nid)
    ) n
    CROSS JOIN LATERAL (
      SELECT 1 FROM config_items ci WHERE ci.id = n.nid AND (include_deleted OR ci.deleted_at IS NULL)
    ) live;
    seen := seen || frontier;
    RETURN QUERY SELECT f.fid, step FROM unnest(frontier) f (fid);
  END LOOP;
END;
$$;

-- The related items of one item with their graph edges, for the relationships tab and graph. Parameters
-- as upstream (type_filter incoming | outgoing | all; incoming_relation / outgoing_relation both | hard |
-- soft); the item itself comes first (depth 0, direction 'self'), then its ancestors and the items reached,
-- ordered by depth. Filter the result like a table: type=in.(…), status=eq.…, health=eq.….
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
  ), nodes AS (
    SELECT rid, min(rdepth) AS ndepth,
      CASE WHEN bool_or(rdirection = 'self') THEN 'self'
           WHEN count(DISTINCT rdirection) > 1 THEN 'both' ELSE min(rdirection) END AS ndirection
    FROM reached GROUP BY rid
  ), edges AS (
    -- per node through the indexes (config_id, parent_id), never a scan of the whole relationships table
    SELECT a.rid AS src, x.dst FROM nodes a
    CROSS JOIN LATERAL (
      SELECT r.related_id AS dst FROM config_relationships r WHERE r.config_id = a.rid AND r.deleted_at IS NULL
      UNION
      SELECT c.id FROM config_items c WHERE c.parent_id = a.rid
    ) x
    WHERE EXISTS (SELECT 1 FROM nodes b WHERE b.rid = x.dst)
  ), linked AS (
    SELECT src, array_agg(dst::text ORDER BY dst) AS ids FROM edges GROUP BY src
  )
  SELECT ci.id, ci.name, ci.type, ci.config_class, ci.icon, n.ndepth, n.ndirection, coalesce(l.ids, '{}'),
    ci.tags, ci.labels,
    (SELECT count(*) FROM config_changes cc WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days'),
    (SELECT jsonb_object_agg(a.analysis_type, a.cnt) FROM (
        SELECT coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS cnt FROM config_analysis ca
        WHERE ca.config_id = ci.id AND ca.status = 'open' GROUP BY 1) a),
    ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.created_at, ci.updated_at,
    ci.deleted_at, ci.agent_id, ci.health, ci.ready, ci.status, ci.path
  FROM nodes n
  JOIN config_items ci ON ci.id = n.rid
  LEFT JOIN linked l ON l.src = n.rid
  ORDER BY n.ndepth, ci.name, ci.id;
END;
$$;
