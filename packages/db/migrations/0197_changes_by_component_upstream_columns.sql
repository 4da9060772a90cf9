-- changes_by_component with upstream's column names beside ours (issue 29): the upstream console selects
-- `id,type,config_id,name,change_type,config_class,created_at,configs(…)` (flanksource/duty names the
-- item's columns name, type and config_class, and adds created_by, change_id and config_deleted_at).
-- Columns are appended (CREATE OR REPLACE keeps the existing ones and their order); a component's own
-- changes (source 'topology') have no item, so the item columns are NULL there.
CREATE OR REPLACE VIEW changes_by_component AS
  SELECT l.component_id, ch.id, ch.config_id, ci.name AS config_name, ci.type AS config_type, ch.change_type,
    ch.severity, ch.summary, ch.source, ch.created_at,
    ci.name, ci.type, ci.config_class, ch.created_by, ch.id AS change_id, ci.deleted_at AS config_deleted_at
  FROM component_config_links l
  JOIN config_changes ch ON ch.config_id = l.config_id
  JOIN config_items ci ON ci.id = l.config_id
  UNION ALL
  SELECT cc.component_id, cc.id, NULL::uuid, NULL::text, NULL::text, cc.change_type, 'info'::text, cc.summary,
    'topology'::text, cc.created_at,
    NULL::text, NULL::text, NULL::text, NULL::uuid, cc.id, NULL::timestamptz
  FROM component_changes cc;
