-- Recounts the catalog's option counters (0067's catalog_option_counts) from the rows themselves, with
-- the same rules as its triggers. For loads that run without triggers (the demo seed and bulk loads use
-- session_replication_role = replica, as pg_restore does): they call it once at the end, so the summary
-- by type and the option lists count what was loaded.
CREATE OR REPLACE FUNCTION catalog_option_counts_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_option_counts;
  INSERT INTO catalog_option_counts (facet, key, value, count)
  SELECT f.facet, f.key, f.value, count(*) FROM (
    SELECT o.facet, o.key, o.value FROM config_items i
    CROSS JOIN LATERAL config_item_options(i.type, i.config_class, i.status, i.health, i.tags, i.labels) o
    WHERE i.deleted_at IS NULL
    UNION ALL
    SELECT 'change_type', '', cc.change_type FROM config_changes cc
    UNION ALL
    SELECT 'type_change_day', ci.type, to_char(cc.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id AND ci.deleted_at IS NULL
    UNION ALL
    SELECT 'analyzer', coalesce(ca.status, ''), ca.analyzer FROM config_analysis ca
    UNION ALL
    SELECT 'type_analysis', ci.type, coalesce(ca.analysis_type, 'other')
    FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id AND ci.deleted_at IS NULL
    WHERE ca.status = 'open'
  ) f
  WHERE f.key IS NOT NULL AND f.value IS NOT NULL AND length(f.key) <= 256 AND length(f.value) <= 256
  GROUP BY 1, 2, 3;
END;
$$;
