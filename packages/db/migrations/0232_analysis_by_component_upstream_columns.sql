-- analysis_by_component with upstream's column names beside ours (issue 29): the upstream console's topology
-- Insights tab selects `analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(…))`
-- (flanksource/duty names the insight's id analysis_id and the item's columns name, type and config_class,
-- and adds created_by). Columns are appended (CREATE OR REPLACE keeps the existing ones and their order).
CREATE OR REPLACE VIEW analysis_by_component AS
  SELECT l.component_id, a.id, a.config_id, ci.name AS config_name, ci.type AS config_type, a.analyzer,
    a.analysis_type, a.severity, a.summary, a.status, a.message, a.source, a.first_observed, a.last_observed,
    a.id AS analysis_id, ci.name, ci.type, ci.config_class, a.created_by
  FROM component_config_links l
  JOIN config_analysis a ON a.config_id = l.config_id
  JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL;
