-- Indexes for the catalog API's filters (issue 13 §5).
-- Changes search: change type + severity + time window, newest first (POST /api/catalog/changes).
CREATE INDEX config_changes_type_severity_created_idx ON config_changes (change_type, severity, created_at DESC);
-- Changes in a time window without a type, newest first.
CREATE INDEX config_changes_created_at_idx ON config_changes (created_at DESC);
-- Open insights of one item (the list's and the graph's counts, config_detail).
CREATE INDEX config_analysis_config_id_status_idx ON config_analysis (config_id, status);
-- Insights list: status and severity filters, newest observation first.
CREATE INDEX config_analysis_status_severity_idx ON config_analysis (status, severity, last_observed DESC);
-- Catalog list: type + status, sorted by name (type + health has 0012's index).
CREATE INDEX config_items_type_status_name_idx ON config_items (type, status, name) WHERE deleted_at IS NULL;
