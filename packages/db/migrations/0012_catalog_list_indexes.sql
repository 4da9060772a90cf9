-- The catalog list filters by type (and often health) and sorts by name; these let a page of 100
-- come straight off an index instead of sorting every item of the type.
CREATE INDEX config_items_type_health_name_idx ON config_items (type, health, name) WHERE deleted_at IS NULL;
CREATE INDEX config_items_type_name_idx ON config_items (type, name) WHERE deleted_at IS NULL;
