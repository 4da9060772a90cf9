-- Catalog scrapes (issue 13): what the scrape engine needs on top of 0004's catalog tables.
-- * config_items.scrape_key + content_hash: an item is found again by (scraper, type, key) and compared
--   by the hash of its canonical document, so a scrape of 10,000 unchanged items reads one narrow row
--   per item and writes nothing.
-- * config_changes.last_observed: identical changes within the dedup window are counted on one row
--   (count, first_observed, last_observed) instead of repeated.
-- * config_analysis (config_id, analyzer): one insight per rule and item, re-opened or closed in place.
-- * config_scrapers (namespace, name) unique among live rows, as canaries are.
ALTER TABLE config_items ADD COLUMN scrape_key text;
ALTER TABLE config_items ADD COLUMN content_hash text;
ALTER TABLE config_items ADD COLUMN last_scraped_time timestamptz;
CREATE UNIQUE INDEX config_items_scrape_key_idx ON config_items (scraper_id, type, scrape_key)
  WHERE scrape_key IS NOT NULL;

ALTER TABLE config_changes ADD COLUMN last_observed timestamptz DEFAULT now();
CREATE INDEX config_changes_config_fingerprint_idx ON config_changes (config_id, fingerprint, last_observed DESC)
  WHERE fingerprint IS NOT NULL;

CREATE UNIQUE INDEX config_analysis_config_analyzer_idx ON config_analysis (config_id, analyzer);

CREATE UNIQUE INDEX config_scrapers_namespace_name_idx ON config_scrapers (namespace, name) WHERE deleted_at IS NULL;
