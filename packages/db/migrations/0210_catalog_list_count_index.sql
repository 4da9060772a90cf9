-- Catalog list total at a million items (issue 32 item 4, bench/catalog): the console asks the list's exact
-- total (`Prefer: count=exact`), and with a type and a health filter PostgreSQL counts every matching live
-- item. Through 0068's (type, health, name) index that reads one entry per item, names included: 160,000
-- pods of one health are 1,146 index pages (63 MB for the whole index). Without the name the keys repeat, and
-- B-tree deduplication stores each (type, health) once with a list of row ids: the same count reads 141
-- pages of a 7 MB index (EXPLAIN (ANALYZE, BUFFERS) on the seeded 1,000,000 items: 64–74 → 33–42 ms warm at
-- load 40). The ordered page keeps using the (type, health, name) index; the planner picks this one for the
-- count, a filter on type and health without order, and the summary's counts by type and health.
CREATE INDEX config_items_live_type_health_idx ON config_items (type, health) WHERE deleted_at IS NULL;
