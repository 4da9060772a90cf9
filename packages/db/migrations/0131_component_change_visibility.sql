-- Status changes as a reader denied some components may read them (issue 14, docs/topology.md
-- "Permissions on the tree"). A status change of a component above a denied one names the hidden part in
-- its reason (`healthy → unhealthy: <child>: …`, details.reason): for such a reader the reason is cut off,
-- leaving the transition — as the snapshot does. `denied` lists the roots of the denied subtrees; the data
-- API reads component_changes and changes_by_component through these for such a reader
-- (modules/rest/reader-sources.ts), in select, filters and order alike.
CREATE OR REPLACE FUNCTION component_above_denied(target uuid, denied text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM components d
    WHERE d.id::text = ANY($2) AND $1::text = ANY(string_to_array(coalesce(d.path, ''), '.')))
$$;

CREATE OR REPLACE FUNCTION component_change_visible_summary(target uuid, change_type text, summary text, denied text[])
RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN $2 = 'status' AND position(': ' IN $3) > 0 AND component_above_denied($1, $4)
    THEN split_part($3, ': ', 1) ELSE $3 END
$$;

CREATE OR REPLACE FUNCTION component_change_visible_details(target uuid, change_type text, details jsonb, denied text[])
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN $2 = 'status' AND $3 ? 'reason' AND component_above_denied($1, $4)
    THEN $3 - 'reason' ELSE $3 END
$$;
