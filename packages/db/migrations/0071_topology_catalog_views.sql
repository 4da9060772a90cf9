-- Insights and changes of a component (000 §7 analysis_by_component, changes_by_component): those of the
-- configuration items linked to it (config_component_relationships, or the item a lookup built it from),
-- and for changes also the component's own changes (component_changes, source 'topology').

CREATE VIEW component_config_links AS
  SELECT r.component_id, r.config_id FROM config_component_relationships r
    JOIN components c ON c.id = r.component_id AND c.deleted_at IS NULL
    WHERE r.deleted_at IS NULL
  UNION
  SELECT c.id, c.config_id FROM components c WHERE c.config_id IS NOT NULL AND c.deleted_at IS NULL;

CREATE VIEW analysis_by_component AS
  SELECT l.component_id, a.id, a.config_id, ci.name AS config_name, ci.type AS config_type, a.analyzer,
    a.analysis_type, a.severity, a.summary, a.status, a.message, a.source, a.first_observed, a.last_observed
  FROM component_config_links l
  JOIN config_analysis a ON a.config_id = l.config_id
  JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL;

CREATE VIEW changes_by_component AS
  SELECT l.component_id, ch.id, ch.config_id, ci.name AS config_name, ci.type AS config_type, ch.change_type,
    ch.severity, ch.summary, ch.source, ch.created_at
  FROM component_config_links l
  JOIN config_changes ch ON ch.config_id = l.config_id
  JOIN config_items ci ON ci.id = l.config_id
  UNION ALL
  SELECT cc.component_id, cc.id, NULL::uuid, NULL::text, NULL::text, cc.change_type, 'info'::text, cc.summary,
    'topology'::text, cc.created_at
  FROM component_changes cc;

-- The configuration items of a component (the detail page's Configs tab).
CREATE VIEW component_config_items AS
  SELECT l.component_id, ci.id, ci.name, ci.type, ci.config_class, ci.health, ci.status, ci.updated_at
  FROM component_config_links l JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL;
