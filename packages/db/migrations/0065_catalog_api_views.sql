-- Catalog API (issue 13 §5): the views the console reads through /api/db (spec 000 §7 "Config and catalog").
-- Every view keeps the item's config_id (or id) so the data API's row scope by config applies, and none
-- inlines rows of another area (components, agents, scrapers): those are reached by authorised embeds.

-- The catalog list: items without their (possibly huge) document, with the changes of the last 7 days and
-- the open insights by analysis type. The two counts are computed only for the rows of the page.
CREATE VIEW configs AS
SELECT ci.id, ci.agent_id, ci.scraper_id, ci.parent_id, ci.path, ci.icon, ci.config_class, ci.type, ci.name,
  ci.description, ci.status, ci.health, ci.ready, ci.external_id, ci.source, ci.labels, ci.tags, ci.tags_values,
  ci.namespace, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.delete_reason,
  ci.created_by, ci.created_at, ci.updated_at, ci.deleted_at,
  (SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
  (SELECT jsonb_object_agg(a.analysis_type, a.n) FROM (
      SELECT coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS n FROM config_analysis ca
      WHERE ca.config_id = ci.id AND ca.status = 'open' GROUP BY 1) a) AS analysis
FROM config_items ci;

-- One item with the counts of its tabs (spec 000 §3 changes, analysis; upstream config_detail summary).
-- Checks and playbook runs are counts only: their rows are read through their own tables.
CREATE VIEW config_detail AS
SELECT ci.*,
  json_build_object(
    'relationships',
      (SELECT count(*) FROM config_relationships r WHERE r.config_id = ci.id AND r.deleted_at IS NULL)
      + (SELECT count(*) FROM config_relationships r WHERE r.related_id = ci.id AND r.deleted_at IS NULL),
    'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open'),
    'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days'),
    'playbook_runs', (SELECT count(*) FROM playbook_runs pr WHERE pr.config_id = ci.id AND pr.created_at > now() - interval '30 days'),
    'checks', (SELECT count(*) FROM check_config_relationships k WHERE k.config_id = ci.id AND k.deleted_at IS NULL)
  ) AS summary
FROM config_items ci;

-- Names for pickers and links (searched with ilike; the trigram index serves lower(name)).
CREATE VIEW config_names AS
SELECT id, type, config_class, external_id, name, agent_id, deleted_at FROM config_items;

-- Insights with their item's name and type (upstream config_analysis_items, without the item's document).
CREATE VIEW config_analysis_items AS
SELECT ca.*, ci.name, ci.deleted_at, ci.type, ci.tags, ci.labels, ci.agent_id, ci.path, ci.name AS config_name,
  ci.type AS config_type, ci.config_class
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id;

-- Changes with their item's name, type and tags (upstream catalog_changes, without the item's document).
CREATE VIEW catalog_changes AS
SELECT cc.id, cc.config_id, ci.name, ci.deleted_at, ci.type, ci.config_class, ci.tags, cc.external_created_by,
  cc.created_at, cc.severity, cc.change_type, cc.source, cc.summary, cc.created_by, cc.count, cc.first_observed,
  ci.agent_id, ci.path, cc.inserted_at
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id;

-- Insights of the items linked to a component (links, or the item the component was built from), as rows
-- of config_analysis (so its row scope applies).
CREATE OR REPLACE FUNCTION lookup_analysis_by_component(id text) RETURNS SETOF config_analysis
LANGUAGE sql STABLE AS $$
  SELECT ca.* FROM config_analysis ca
  WHERE ca.config_id IN (
    SELECT ccr.config_id FROM config_component_relationships ccr
    WHERE ccr.component_id = $1::uuid AND ccr.deleted_at IS NULL
    UNION
    SELECT c.config_id FROM components c WHERE c.id = $1::uuid AND c.config_id IS NOT NULL)
$$;
