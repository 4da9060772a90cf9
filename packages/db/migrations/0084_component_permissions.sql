-- Permission rows on components cover subtrees (issue 14, docs/topology.md "Permissions on the tree"):
-- the data API's row scopes of kind component_subtree (modules/rest/read-builder.ts) keep or leave out a
-- row whose component is one of the named components or lies below one (components.path lists the
-- ancestors' ids, root first, joined by dots).
CREATE OR REPLACE FUNCTION component_in_subtrees(component uuid, roots text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM components c
    WHERE c.id = component
      AND (c.id::text = ANY(roots) OR string_to_array(coalesce(c.path, ''), '.') && roots))
$$;
