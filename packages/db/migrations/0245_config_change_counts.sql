-- The number of changes of each item, kept by statement-level triggers (issue 32 item 4, docs/catalog.md
-- "Retention"). The change retention job keeps each item's newest N changes; to find the items over N it
-- grouped every change by item — 7.7 s of PostgreSQL at 10,000,000 changes, hourly and a minute after each
-- start, inside whatever else the machine was answering. With a counter per item it reads the counters
-- instead. An item without changes has no row (a counter that reaches zero is removed); no foreign key, so
-- the cascade that deletes a hard-deleted item's changes finds its counter and takes it to zero.
CREATE TABLE config_change_counts (
  config_id uuid PRIMARY KEY,
  count bigint NOT NULL
);

-- Adds signed per-item deltas (in key order, so concurrent writers lock rows in the same order) and removes
-- the counters that reached zero.
CREATE OR REPLACE FUNCTION config_change_counts_apply(ids uuid[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO config_change_counts AS c (config_id, count)
  SELECT d.id, d.n FROM unnest(ids, deltas) d (id, n) ORDER BY d.id
  ON CONFLICT (config_id) DO UPDATE SET count = c.count + EXCLUDED.count;
  DELETE FROM config_change_counts c USING unnest(ids, deltas) d (id, n)
  WHERE d.n < 0 AND c.config_id = d.id AND c.count <= 0;
END;
$$;

CREATE OR REPLACE FUNCTION config_change_counts_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_counts_apply(array_agg(d.id), array_agg(d.n))
  FROM (SELECT n.config_id AS id, count(*) AS n FROM new_changes n GROUP BY 1) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION config_change_counts_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_counts_apply(array_agg(d.id), array_agg(-d.n))
  FROM (SELECT o.config_id AS id, count(*) AS n FROM old_changes o GROUP BY 1) d;
  RETURN NULL;
END;
$$;

-- A change moved to another item (nothing in the server does it; a direct write may). Every update fires it
-- (a trigger with transition tables cannot name columns); updates that keep the item net to nothing.
CREATE OR REPLACE FUNCTION config_change_counts_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_change_counts_apply(array_agg(d.id), array_agg(d.n))
  FROM (
    SELECT f.id, sum(f.sign) AS n FROM (
      SELECT n.config_id AS id, 1 AS sign FROM new_changes n
      UNION ALL SELECT o.config_id, -1 FROM old_changes o
    ) f GROUP BY 1 HAVING sum(f.sign) <> 0) d;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_change_counts_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION config_change_counts_insert();
CREATE TRIGGER config_change_counts_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_changes NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_counts_update();
CREATE TRIGGER config_change_counts_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_changes FOR EACH STATEMENT EXECUTE FUNCTION config_change_counts_delete();

INSERT INTO config_change_counts (config_id, count)
SELECT config_id, count(*) FROM config_changes GROUP BY config_id;
ANALYZE config_change_counts;
