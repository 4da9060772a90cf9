-- The option lists' keys and values in byte order (issue 32 item 4, docs/catalog.md "A million items").
-- The console's tag list (2,000 rows at a million items) asked in key, value order was answered by a
-- sequential scan and a sort of its rows under the database's collation — strcoll for every comparison,
-- 6.7–8.4 ms of an 8 ms statement — whenever PostgreSQL planned it with its values (the first executions of
-- a prepared statement on each connection, and after each ANALYZE of this often-written table), and by the
-- primary key's order in 2.4–3.4 ms otherwise: a plan change that showed as slow bursts. With the keys and
-- values in the "C" collation, comparisons are byte comparisons (abbreviated keys), the primary key's order
-- is the same, and both plans cost the same. Equality — every filter, the counters' upserts, the list
-- total — does not change; order is by code point (the same as C.UTF-8's), not a locale's. The views are
-- dropped and created again as 0067 wrote them, their columns now in "C".
DROP VIEW config_types, config_classes, config_statuses, config_healths, config_tags, config_labels, change_types,
  config_analysis_analyzers;

ALTER TABLE catalog_option_counts
  ALTER COLUMN key TYPE text COLLATE "C",
  ALTER COLUMN value TYPE text COLLATE "C";

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

-- the new type drops the columns' statistics; the table is a few thousand rows
ANALYZE catalog_option_counts;
