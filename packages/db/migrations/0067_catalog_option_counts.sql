-- Catalog option lists and per-type summary counts (issue 13 §5): kept by statement-level triggers on
-- config_items, config_changes and config_analysis, so the filter lists (types, statuses, tags, labels,
-- analyzers, change types) and the summary by type read a few hundred counter rows instead of running
-- SELECT DISTINCT or GROUP BY over millions of rows.
--
-- One row per (facet, key, value) with the number of rows having it:
--   from live config_items (deleted_at IS NULL): 'type', 'class', 'status', 'health' (key ''),
--     'type_health' (key type, value health or ''), 'tag' and 'label' (key, value);
--   from config_changes: 'change_type' (key ''; every change), 'type_change_day' (key the item's type,
--     value the day of created_at as YYYY-MM-DD in UTC; changes of live items);
--   from config_analysis: 'analyzer' (key status; every insight), 'type_analysis' (key the item's type,
--     value the analysis type; open insights of live items).
-- When an item is soft-deleted, revived, hard-deleted while live, or changes type, its changes and open
-- insights move with it. A counter that reaches zero is removed. Keys and values longer than 256
-- characters are not counted (they make no useful option and could not be indexed).
CREATE TABLE catalog_option_counts (
  facet text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (facet, key, value)
);

-- The options one item contributes.
CREATE OR REPLACE FUNCTION config_item_options(
  item_type text, item_class text, item_status text, item_health text, item_tags jsonb, item_labels jsonb
) RETURNS TABLE (facet text, key text, value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT o.facet, o.key, o.value FROM (
    SELECT 'type' AS facet, '' AS key, item_type AS value
    UNION ALL SELECT 'class', '', item_class
    UNION ALL SELECT 'status', '', item_status
    UNION ALL SELECT 'health', '', item_health
    UNION ALL SELECT 'type_health', item_type, coalesce(item_health, '') WHERE item_type IS NOT NULL
    UNION ALL SELECT 'tag', t.key, t.value
      FROM jsonb_each_text(CASE WHEN jsonb_typeof(item_tags) = 'object' THEN item_tags END) t
    UNION ALL SELECT 'label', l.key, l.value
      FROM jsonb_each_text(CASE WHEN jsonb_typeof(item_labels) = 'object' THEN item_labels END) l
  ) o
  WHERE o.key IS NOT NULL AND o.value IS NOT NULL AND length(o.key) <= 256 AND length(o.value) <= 256
$$;

-- Adds signed deltas to the counters (in key order, so concurrent writers lock rows in the same order)
-- and removes the counters that reached zero.
CREATE OR REPLACE FUNCTION catalog_option_counts_apply(deltas catalog_option_counts[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF deltas IS NULL OR cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO catalog_option_counts AS c (facet, key, value, count)
  SELECT d.facet, d.key, d.value, d.count FROM unnest(deltas) d ORDER BY d.facet, d.key, d.value
  ON CONFLICT (facet, key, value) DO UPDATE SET count = c.count + EXCLUDED.count;
  DELETE FROM catalog_option_counts c USING unnest(deltas) d
  WHERE d.count < 0 AND c.facet = d.facet AND c.key = d.key AND c.value = d.value AND c.count <= 0;
END;
$$;

-- config_items: the options of rows that appeared, left, or changed an optioned column or their liveness.
CREATE OR REPLACE FUNCTION config_items_option_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  deltas catalog_option_counts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts) INTO deltas FROM (
      SELECT o.facet, o.key, o.value, count(*) AS n FROM new_items i
      CROSS JOIN LATERAL config_item_options(i.type, i.config_class, i.status, i.health, i.tags, i.labels) o
      WHERE i.deleted_at IS NULL GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(d.facet, d.key, d.value, -d.n)::catalog_option_counts) INTO deltas FROM (
      SELECT o.facet, o.key, o.value, count(*) AS n FROM old_items i
      CROSS JOIN LATERAL config_item_options(i.type, i.config_class, i.status, i.health, i.tags, i.labels) o
      WHERE i.deleted_at IS NULL GROUP BY 1, 2, 3) d;
  ELSE
    WITH pairs AS (
      SELECT o.type AS o_type, o.config_class AS o_class, o.status AS o_status, o.health AS o_health,
        o.tags AS o_tags, o.labels AS o_labels, (o.id IS NOT NULL AND o.deleted_at IS NULL) AS o_live,
        n.type AS n_type, n.config_class AS n_class, n.status AS n_status, n.health AS n_health,
        n.tags AS n_tags, n.labels AS n_labels, (n.id IS NOT NULL AND n.deleted_at IS NULL) AS n_live
      FROM old_items o FULL JOIN new_items n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
        OR (o.type, o.config_class, o.status, o.health, o.tags, o.labels, o.deleted_at IS NULL)
           IS DISTINCT FROM (n.type, n.config_class, n.status, n.health, n.tags, n.labels, n.deleted_at IS NULL)
    )
    SELECT array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts) INTO deltas FROM (
      SELECT o.facet, o.key, o.value, sum(s.sign) AS n FROM (
        SELECT o_type AS type, o_class AS config_class, o_status AS status, o_health AS health, o_tags AS tags,
          o_labels AS labels, -1 AS sign FROM pairs WHERE o_live
        UNION ALL
        SELECT n_type, n_class, n_status, n_health, n_tags, n_labels, 1 FROM pairs WHERE n_live
      ) s
      CROSS JOIN LATERAL config_item_options(s.type, s.config_class, s.status, s.health, s.tags, s.labels) o
      GROUP BY 1, 2, 3 HAVING sum(s.sign) <> 0) d;
    PERFORM catalog_option_counts_apply(deltas);
    -- Items that changed type or liveness carry their changes and open insights to their new counters.
    WITH moved AS (
      SELECT n.id, o.type AS o_type, o.deleted_at IS NULL AS o_live, n.type AS n_type, n.deleted_at IS NULL AS n_live
      FROM old_items o JOIN new_items n ON n.id = o.id
      WHERE o.type IS DISTINCT FROM n.type OR (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
    ), history AS (
      SELECT m.*, 'type_change_day' AS facet, to_char(cc.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS value
      FROM moved m JOIN config_changes cc ON cc.config_id = m.id
      UNION ALL
      SELECT m.*, 'type_analysis', coalesce(ca.analysis_type, 'other')
      FROM moved m JOIN config_analysis ca ON ca.config_id = m.id AND ca.status = 'open'
    )
    SELECT array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts) INTO deltas FROM (
      SELECT x.facet, x.key, x.value, sum(x.sign) AS n FROM (
        SELECT h.facet, h.o_type AS key, h.value, -1 AS sign FROM history h WHERE h.o_live
        UNION ALL SELECT h.facet, h.n_type, h.value, 1 FROM history h WHERE h.n_live
      ) x
      WHERE x.key IS NOT NULL AND length(x.key) <= 256 AND length(x.value) <= 256
      GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0) d;
  END IF;
  PERFORM catalog_option_counts_apply(deltas);
  RETURN NULL;
END;
$$;

-- A live item deleted outright takes its changes' and open insights' counts with it (the cascade that
-- deletes them runs after the item is gone, when their type can no longer be read).
CREATE OR REPLACE FUNCTION config_items_option_counts_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND OLD.type IS NOT NULL AND length(OLD.type) <= 256 THEN
    PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, OLD.type, d.value, -d.n)::catalog_option_counts))
    FROM (
      SELECT 'type_change_day' AS facet, to_char(cc.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS value, count(*) AS n
      FROM config_changes cc WHERE cc.config_id = OLD.id GROUP BY 2
      UNION ALL
      SELECT 'type_analysis', coalesce(ca.analysis_type, 'other'), count(*)
      FROM config_analysis ca WHERE ca.config_id = OLD.id AND ca.status = 'open' GROUP BY 2
    ) d WHERE length(d.value) <= 256;
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER config_items_option_counts_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_option_counts();
CREATE TRIGGER config_items_option_counts_update AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_option_counts();
CREATE TRIGGER config_items_option_counts_delete AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_option_counts();
CREATE TRIGGER config_items_option_counts_before_delete BEFORE DELETE ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_option_counts_before_delete();

-- config_changes: change types, and changes per item type and day. One function per event: a
-- transition table the trigger does not declare cannot be named in its body.
CREATE OR REPLACE FUNCTION config_changes_option_counts_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, count(*) AS n FROM (
      SELECT 'change_type' AS facet, '' AS key, n.change_type AS value FROM new_changes n
      UNION ALL
      SELECT 'type_change_day', ci.type, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      FROM new_changes n JOIN config_items ci ON ci.id = n.config_id AND ci.deleted_at IS NULL
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_changes_option_counts_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, -d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, count(*) AS n FROM (
      SELECT 'change_type' AS facet, '' AS key, o.change_type AS value FROM old_changes o
      UNION ALL
      SELECT 'type_change_day', ci.type, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      FROM old_changes o JOIN config_items ci ON ci.id = o.config_id AND ci.deleted_at IS NULL
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_changes_option_counts_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, sum(f.sign) AS n FROM (
      SELECT 'change_type' AS facet, '' AS key, n.change_type AS value, 1 AS sign FROM new_changes n
      UNION ALL SELECT 'change_type', '', o.change_type, -1 FROM old_changes o
      UNION ALL
      SELECT 'type_change_day', ci.type, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1
      FROM new_changes n JOIN config_items ci ON ci.id = n.config_id AND ci.deleted_at IS NULL
      UNION ALL
      SELECT 'type_change_day', ci.type, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1
      FROM old_changes o JOIN config_items ci ON ci.id = o.config_id AND ci.deleted_at IS NULL
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0) d;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_changes_option_counts_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION config_changes_option_counts_insert();
CREATE TRIGGER config_changes_option_counts_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_changes NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION config_changes_option_counts_update();
CREATE TRIGGER config_changes_option_counts_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_changes FOR EACH STATEMENT EXECUTE FUNCTION config_changes_option_counts_delete();

-- config_analysis: analyzers by status, and open insights per item type and analysis type.
CREATE OR REPLACE FUNCTION config_analysis_option_counts_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, count(*) AS n FROM (
      SELECT 'analyzer' AS facet, coalesce(n.status, '') AS key, n.analyzer AS value FROM new_analysis n
      UNION ALL
      SELECT 'type_analysis', ci.type, coalesce(n.analysis_type, 'other')
      FROM new_analysis n JOIN config_items ci ON ci.id = n.config_id AND ci.deleted_at IS NULL WHERE n.status = 'open'
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_analysis_option_counts_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, -d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, count(*) AS n FROM (
      SELECT 'analyzer' AS facet, coalesce(o.status, '') AS key, o.analyzer AS value FROM old_analysis o
      UNION ALL
      SELECT 'type_analysis', ci.type, coalesce(o.analysis_type, 'other')
      FROM old_analysis o JOIN config_items ci ON ci.id = o.config_id AND ci.deleted_at IS NULL WHERE o.status = 'open'
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_analysis_option_counts_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_option_counts_apply(array_agg(ROW(d.facet, d.key, d.value, d.n)::catalog_option_counts))
  FROM (
    SELECT f.facet, f.key, f.value, sum(f.sign) AS n FROM (
      SELECT 'analyzer' AS facet, coalesce(n.status, '') AS key, n.analyzer AS value, 1 AS sign FROM new_analysis n
      UNION ALL SELECT 'analyzer', coalesce(o.status, ''), o.analyzer, -1 FROM old_analysis o
      UNION ALL
      SELECT 'type_analysis', ci.type, coalesce(n.analysis_type, 'other'), 1
      FROM new_analysis n JOIN config_items ci ON ci.id = n.config_id AND ci.deleted_at IS NULL WHERE n.status = 'open'
      UNION ALL
      SELECT 'type_analysis', ci.type, coalesce(o.analysis_type, 'other'), -1
      FROM old_analysis o JOIN config_items ci ON ci.id = o.config_id AND ci.deleted_at IS NULL WHERE o.status = 'open'
    ) f
    WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256
    GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0) d;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_analysis_option_counts_insert AFTER INSERT ON config_analysis
  REFERENCING NEW TABLE AS new_analysis FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_option_counts_insert();
CREATE TRIGGER config_analysis_option_counts_update AFTER UPDATE ON config_analysis
  REFERENCING OLD TABLE AS old_analysis NEW TABLE AS new_analysis
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_option_counts_update();
CREATE TRIGGER config_analysis_option_counts_delete AFTER DELETE ON config_analysis
  REFERENCING OLD TABLE AS old_analysis FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_option_counts_delete();

-- TRUNCATE fires no row or transition triggers: it empties the counters of the truncated table instead.
CREATE OR REPLACE FUNCTION catalog_option_counts_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'config_items' THEN
    DELETE FROM catalog_option_counts WHERE facet IN ('type', 'class', 'status', 'health', 'type_health', 'tag', 'label');
  ELSIF TG_TABLE_NAME = 'config_changes' THEN
    DELETE FROM catalog_option_counts WHERE facet IN ('change_type', 'type_change_day');
  ELSE
    DELETE FROM catalog_option_counts WHERE facet IN ('analyzer', 'type_analysis');
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER config_items_option_counts_truncate AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_option_counts_truncate();
CREATE TRIGGER config_changes_option_counts_truncate AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_option_counts_truncate();
CREATE TRIGGER config_analysis_option_counts_truncate AFTER TRUNCATE ON config_analysis
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_option_counts_truncate();

-- What is already stored.
INSERT INTO catalog_option_counts (facet, key, value, count)
SELECT o.facet, o.key, o.value, count(*) FROM config_items i
CROSS JOIN LATERAL config_item_options(i.type, i.config_class, i.status, i.health, i.tags, i.labels) o
WHERE i.deleted_at IS NULL GROUP BY 1, 2, 3;
INSERT INTO catalog_option_counts (facet, key, value, count)
SELECT f.facet, f.key, f.value, count(*) FROM (
  SELECT 'change_type' AS facet, '' AS key, c.change_type AS value FROM config_changes c
  UNION ALL
  SELECT 'type_change_day', ci.type, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
  FROM config_changes c JOIN config_items ci ON ci.id = c.config_id AND ci.deleted_at IS NULL
) f WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256 GROUP BY 1, 2, 3;
INSERT INTO catalog_option_counts (facet, key, value, count)
SELECT f.facet, f.key, f.value, count(*) FROM (
  SELECT 'analyzer' AS facet, coalesce(a.status, '') AS key, a.analyzer AS value FROM config_analysis a
  UNION ALL
  SELECT 'type_analysis', ci.type, coalesce(a.analysis_type, 'other')
  FROM config_analysis a JOIN config_items ci ON ci.id = a.config_id AND ci.deleted_at IS NULL WHERE a.status = 'open'
) f WHERE f.value IS NOT NULL AND length(f.value) <= 256 AND length(f.key) <= 256 GROUP BY 1, 2, 3;

-- The option lists of spec 000 §7, each with the number of rows behind an option.
CREATE VIEW config_types AS
SELECT value AS type, count FROM catalog_option_counts WHERE facet = 'type' AND key = '';
CREATE VIEW config_classes AS
SELECT value AS config_class, count FROM catalog_option_counts WHERE facet = 'class' AND key = '';
CREATE VIEW config_statuses AS
SELECT value AS status, count FROM catalog_option_counts WHERE facet = 'status' AND key = '';
CREATE VIEW config_healths AS
SELECT value AS health, count FROM catalog_option_counts WHERE facet = 'health' AND key = '';
CREATE VIEW config_tags AS
SELECT key, value, count FROM catalog_option_counts WHERE facet = 'tag';
CREATE VIEW config_labels AS
SELECT key, value, count FROM catalog_option_counts WHERE facet = 'label';
CREATE VIEW change_types AS
SELECT value AS change_type, count FROM catalog_option_counts WHERE facet = 'change_type' AND key = '';
CREATE VIEW config_analysis_analyzers AS
SELECT value AS analyzer, count FROM catalog_option_counts WHERE facet = 'analyzer' AND key = 'open';
