-- Changes search (issue 13, bench/catalog): the count per change type of a search reads only the index.
-- A search's total counts every matching change and asks of each only its item (is it deleted?) and its
-- change type; with those columns in the index the count is an index-only scan, instead of a heap visit per
-- matching change scattered over the whole table (type + severity + 24 h: ~1,800 heap pages → the index).
-- These replace 0068's indexes of the same keys.
CREATE INDEX config_changes_type_severity_created_cover_idx ON config_changes (change_type, severity, created_at DESC)
  INCLUDE (config_id);
DROP INDEX config_changes_type_severity_created_idx;
-- A window without a type (the console's default: the last two days).
CREATE INDEX config_changes_created_cover_idx ON config_changes (created_at DESC) INCLUDE (config_id, change_type);
DROP INDEX config_changes_created_at_idx;
