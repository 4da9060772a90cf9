-- Related configs answer as one SQL statement the planner inlines into the caller's query (a LANGUAGE sql
-- set-returning function with a single SELECT), so a caller that selects some columns — the console's
-- Relationships tab asks for 9 of the 24 — does not pay for the others: the 7-day change counts and the
-- open insights are left joins on grouped subqueries, which the planner removes when their columns are
-- not read. Parameters are still checked (related_configs_check raises the same 22023 errors).
CREATE OR REPLACE FUNCTION related_configs_check(
  config_id uuid, type_filter text, max_depth integer, incoming_relation text, outgoing_relation text
) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF config_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'config_id is required';
  END IF;
  IF coalesce(nullif(type_filter, ''), 'all') NOT IN ('incoming', 'outgoing', 'all') THEN
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
  RETURN true;
END;
$$;

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
LANGUAGE sql STABLE ROWS 200 AS $$
  WITH args AS (
    SELECT $1 AS start_id, coalesce(nullif($2, ''), 'all') AS wanted
    WHERE related_configs_check($1, $2, $4, $5, $6)
  ), nodes AS MATERIALIZED (
    SELECT x.rid, min(x.rdepth) AS ndepth,
      CASE WHEN bool_or(x.rdirection = 'self') THEN 'self'
           WHEN count(DISTINCT x.rdirection) > 1 THEN 'both' ELSE min(x.rdirection) END AS ndirection
    FROM (
      SELECT a.start_id AS rid, 0 AS rdepth, 'self' AS rdirection FROM args a
      UNION ALL
      SELECT p.id, p.depth, 'incoming' FROM args a, config_related_ids(a.start_id, 'parent', $4, 'both', $3) p
      UNION ALL
      SELECT o.id, o.depth, 'outgoing' FROM args a, config_related_ids(a.start_id, 'outgoing', $4, $6, $3) o
      WHERE a.wanted IN ('outgoing', 'all')
      UNION ALL
      SELECT i.id, i.depth, 'incoming' FROM args a, config_related_ids(a.start_id, 'incoming', $4, $5, $3) i
      WHERE a.wanted IN ('incoming', 'all')
    ) x GROUP BY x.rid
  ), items AS MATERIALIZED (
    -- the reached items read once, without their documents
    SELECT ci.id, ci.name, ci.type, ci.config_class, ci.icon, ci.parent_id, ci.tags, ci.labels, ci.cost_per_minute,
      ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.created_at, ci.updated_at, ci.deleted_at,
      ci.agent_id, ci.health, ci.ready, ci.status, ci.path, n.ndepth, n.ndirection
    FROM nodes n JOIN config_items ci ON ci.id = n.rid
  )
  SELECT i.id, i.name, i.type, i.config_class, i.icon, i.ndepth, i.ndirection, coalesce(l.lids, '{}'),
    i.tags, i.labels, coalesce(c.cnt, 0), a.kinds,
    i.cost_per_minute, i.cost_total_1d, i.cost_total_7d, i.cost_total_30d, i.created_at, i.updated_at,
    i.deleted_at, i.agent_id, i.health, i.ready, i.status, i.path
  FROM items i
  LEFT JOIN (
    -- the graph's edges among the answer's items: their live relationships and the parent tree
    SELECT e.src, array_agg(e.dst::text ORDER BY e.dst) AS lids FROM (
      SELECT r.config_id AS src, r.related_id AS dst FROM nodes s
        JOIN config_relationships r ON r.config_id = s.rid AND r.deleted_at IS NULL
        JOIN nodes d ON d.rid = r.related_id
      UNION
      SELECT k.parent_id, k.id FROM items k JOIN nodes p ON p.rid = k.parent_id
    ) e GROUP BY e.src
  ) l ON l.src = i.id
  LEFT JOIN (
    SELECT cc.config_id AS cid, count(*) AS cnt FROM nodes s JOIN config_changes cc ON cc.config_id = s.rid
    WHERE cc.created_at > now() - interval '7 days' GROUP BY cc.config_id
  ) c ON c.cid = i.id
  LEFT JOIN (
    SELECT g.cid, jsonb_object_agg(g.analysis_type, g.cnt) AS kinds FROM (
      SELECT ca.config_id AS cid, coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS cnt
      FROM nodes s JOIN config_analysis ca ON ca.config_id = s.rid WHERE ca.status = 'open' GROUP BY 1, 2) g
    GROUP BY g.cid
  ) a ON a.cid = i.id
  ORDER BY i.ndepth, i.name, i.id
$$;
