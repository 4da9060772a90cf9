-- The number of changes per change type, severity and UTC hour, kept by statement-level triggers (issue 32
-- item 4, docs/catalog.md "POST /api/catalog/changes"). The changes search answers its total per change
-- type with every page; counted from the changes, that read one index entry per matching change — 13,800
-- for one type and three severities over 24 hours at 10,000,000 changes (7.8 ms warm), and 670,000 for the
-- console's default of any type over two days. The search now sums the whole hours of its window from here
-- and counts only the partial hours at its two ends, and the changes of deleted items, from the changes.
-- Every change is counted, whether its item is live or deleted (the search subtracts the deleted items'
-- changes, which are few). A missing change type or severity is kept as '' (the key cannot be NULL): no
-- filter can tell them apart, since a filter's values are never blank. A counter that reaches zero is
-- removed.
CREATE TABLE config_change_hours (
  change_type text NOT NULL,
  severity text NOT NULL,
  hour timestamptz NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (change_type, severity, hour)
);
-- a window without a type (the console's default: any change of the last two days)
CREATE INDEX config_change_hours_hour_idx ON config_change_hours (hour);

-- The hour a change counts in: the UTC hour of its time, whatever the session's time zone.
CREATE OR REPLACE FUNCTION config_change_hour(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

-- Adds signed deltas (in key order, so concurrent writers lock rows in the same order) and removes the
-- counters that reached zero.
CREATE OR REPLACE FUNCTION config_change_hours_apply(types text[], severities text[], hours timestamptz[],
  deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF types IS NULL OR cardinality(types) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO config_change_hours AS c (change_type, severity, hour, count)
  SELECT d.t, d.s, d.h, d.n FROM unnest(types, severities, hours, deltas) d (t, s, h, n) ORDER BY d.t, d.s, d.h
  ON CONFLICT (change_type, severity, hour) DO UPDATE SET count = c.count + EXCLUDED.count;
  DELETE FROM config_change_hours c USING unnest(types, severities, hours, deltas) d (t, s, h, n)
  WHERE d.n < 0 AND c.change_type = d.t AND c.severity = d.s AND c.hour = d.h AND c.count <= 0;
END;
$$;

CREATE OR REPLACE FUNCTION config_change_hours_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_hours_apply(array_agg(d.t), array_agg(d.s), array_agg(d.h), array_agg(d.n))
  FROM (
    SELECT coalesce(n.change_type, '') AS t, coalesce(n.severity, '') AS s, config_change_hour(n.created_at) AS h,
      count(*) AS n
    FROM new_changes n GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_change_hours_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_hours_apply(array_agg(d.t), array_agg(d.s), array_agg(d.h), array_agg(-d.n))
  FROM (
    SELECT coalesce(o.change_type, '') AS t, coalesce(o.severity, '') AS s, config_change_hour(o.created_at) AS h,
      count(*) AS n
    FROM old_changes o GROUP BY 1, 2, 3) d;
  RETURN NULL;
END;
$$;

-- Every update fires it (a trigger with transition tables cannot name columns); the usual one — a change
-- seen again, its count and last_observed raised — nets to nothing.
CREATE OR REPLACE FUNCTION config_change_hours_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_hours_apply(array_agg(d.t), array_agg(d.s), array_agg(d.h), array_agg(d.n))
  FROM (
    SELECT f.t, f.s, f.h, sum(f.sign) AS n FROM (
      SELECT coalesce(n.change_type, '') AS t, coalesce(n.severity, '') AS s, config_change_hour(n.created_at) AS h,
        1 AS sign
      FROM new_changes n
      UNION ALL
      SELECT coalesce(o.change_type, ''), coalesce(o.severity, ''), config_change_hour(o.created_at), -1
      FROM old_changes o
    ) f GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0) d;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_change_hours_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION config_change_hours_insert();
CREATE TRIGGER config_change_hours_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_changes NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_hours_update();
CREATE TRIGGER config_change_hours_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_changes FOR EACH STATEMENT EXECUTE FUNCTION config_change_hours_delete();

-- Loads without triggers (the demo seed) recount the catalog's counters once at the end (0072): the
-- per-item change counts (0245) and these too.
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
  DELETE FROM config_change_counts;
  INSERT INTO config_change_counts (config_id, count)
  SELECT config_id, count(*) FROM config_changes GROUP BY config_id;
  DELETE FROM config_change_hours;
  INSERT INTO config_change_hours (change_type, severity, hour, count)
  SELECT coalesce(change_type, ''), coalesce(severity, ''), config_change_hour(created_at), count(*)
  FROM config_changes GROUP BY 1, 2, 3;
END;
$$;

INSERT INTO config_change_hours (change_type, severity, hour, count)
SELECT coalesce(change_type, ''), coalesce(severity, ''), config_change_hour(created_at), count(*)
FROM config_changes GROUP BY 1, 2, 3;
ANALYZE config_change_hours;
