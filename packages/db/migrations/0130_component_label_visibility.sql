-- component_labels for a reader who may not read every component (issue 14, docs/topology.md
-- "Permissions on the tree"): the label keys and values of the components in the granted subtrees
-- (`kept`, NULL for all) and outside the denied ones (`denied`). The data API reads it in place of the
-- component_labels view for such a reader (modules/rest/reader-sources.ts), so no label of a component
-- its reader may not read is listed.
CREATE OR REPLACE FUNCTION component_labels_visible(kept text[], denied text[]) RETURNS TABLE (key text, value text)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT l.key, l.value
  FROM components c
  CROSS JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(c.labels) = 'object' THEN c.labels ELSE '{}'::jsonb END)
    AS l(key, value)
  WHERE c.deleted_at IS NULL
    AND ($1 IS NULL OR c.id::text = ANY($1) OR string_to_array(coalesce(c.path, ''), '.') && $1)
    AND NOT (c.id::text = ANY($2) OR string_to_array(coalesce(c.path, ''), '.') && $2)
$$;
