-- A component's status reason and children counts as a reader denied some components may read them
-- (issue 14, docs/topology.md "Permissions on the tree"): both are rolled up from the children (migration
-- 0070), so a visible component above a denied one would name the hidden part (`secret: vault: check …`)
-- and count it. For such a reader the data API reads components.status_reason and summary through these
-- (modules/rest/reader-sources.ts) — in select, filters, order and embeds alike — with the same answers as
-- the topology API (topology-tree.service.ts): the reason of a chain leading through a hidden component
-- reads `a component you may not read is <status>`, and the counts leave the hidden children out. The
-- status itself stays. `denied` lists the roots of the denied subtrees.
CREATE OR REPLACE FUNCTION component_in_denied(id uuid, path text, denied text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT $1::text = ANY($3) OR string_to_array(coalesce($2, ''), '.') && $3
$$;

-- True when the reason of component `target` leads, child by child (`<child>: <child's reason>`), through
-- a component in a denied subtree. Children of one name are all followed.
CREATE OR REPLACE FUNCTION component_reason_through_denied(target uuid, reason text, denied text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE walk AS (
    SELECT $1 AS id, $2 AS reason, false AS hidden, 0 AS depth
    WHERE $2 IS NOT NULL
    UNION ALL
    SELECT c.id, c.status_reason, component_in_denied(c.id, c.path, $3), w.depth + 1
    FROM walk w JOIN components c ON c.parent_id = w.id AND c.deleted_at IS NULL
      AND starts_with(w.reason, c.name || ': ')
    WHERE NOT w.hidden AND w.depth < 64
  )
  SELECT EXISTS (SELECT 1 FROM walk WHERE walk.hidden)
$$;

CREATE OR REPLACE FUNCTION component_visible_reason(target uuid, status text, reason text, denied text[]) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN $3 IS NOT NULL AND cardinality($4) > 0 AND component_reason_through_denied($1, $3, $4)
    THEN format('a component you may not read is %s', $2) ELSE $3 END
$$;

CREATE OR REPLACE FUNCTION component_visible_summary(target uuid, summary jsonb, denied text[]) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT EXISTS (
      SELECT 1 FROM components c
      WHERE c.parent_id = $1 AND c.deleted_at IS NULL AND component_in_denied(c.id, c.path, $3))
    THEN $2
    ELSE coalesce($2, '{}'::jsonb) || (
      SELECT jsonb_build_object(
        'healthy', count(*) FILTER (WHERE c.status = 'healthy'),
        'unhealthy', count(*) FILTER (WHERE c.status = 'unhealthy'),
        'warning', count(*) FILTER (WHERE c.status = 'warning'),
        'unknown', count(*) FILTER (WHERE c.status IS NULL OR c.status NOT IN ('healthy', 'unhealthy', 'warning')))
      FROM components c
      WHERE c.parent_id = $1 AND c.deleted_at IS NULL AND NOT component_in_denied(c.id, c.path, $3))
  END
$$;
