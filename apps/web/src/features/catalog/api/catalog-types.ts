import type { CatalogChange } from '@mc/contracts';

/** A configuration item as the catalog lists and shows it (000 §3 Config item). */
export interface ConfigItem {
  id: string;
  name: string | null;
  type: string | null;
  config_class?: string | null;
  status?: string | null;
  health?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  description?: string | null;
  namespace?: string | null;
  external_id?: string[] | null;
  icon?: string | null;
  path?: string | null;
  parent_id?: string | null;
  scraper_id?: string | null;
  agent_id?: string | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at?: string | null;
  delete_reason?: string | null;
  cost_per_minute?: number | string | null;
  cost_total_1d?: number | string | null;
  cost_total_7d?: number | string | null;
  cost_total_30d?: number | string | null;
  /** The `configs` view's changes of the last 7 days and open insights by analysis type. */
  changes?: number | null;
  analysis?: Record<string, number> | null;
  /** config_detail's counts of the item's relationships, open insights, changes and checks. */
  summary?: Partial<Record<'relationships' | 'analysis' | 'changes' | 'playbook_runs' | 'checks', number>> | null;
}

/** The columns every change row has, whichever call read it. */
type ChangeKey = 'id' | 'config_id' | 'change_type' | 'created_at';

/**
 * One change of an item (000 §3 Config change): the contract's row of `POST /api/catalog/changes`. A row
 * of `/api/db/config_changes` has only the change's own columns (not its item's name, type and tags), so
 * beyond the key columns each may be missing.
 */
export type ConfigChange = Pick<CatalogChange, ChangeKey> & Partial<Omit<CatalogChange, ChangeKey>>;

/** A change with its stored documents: the unified diff, the JSON patch and details. */
export interface ConfigChangeDetail extends ConfigChange {
  diff?: string | null;
  patches?: unknown;
  details?: unknown;
}

/** An insight (000 §3 Config analysis), with the item it is about. */
export interface ConfigInsight {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type?: string | null;
  severity?: string | null;
  status?: string | null;
  message?: string | null;
  summary?: string | null;
  source?: string | null;
  analysis?: unknown;
  first_observed: string | null;
  last_observed: string | null;
  config_name?: string | null;
  config_type?: string | null;
  config_class?: string | null;
}

/** One row of `rpc/related_configs_recursive`: an item reached from the root, and the ids it hangs off. */
export interface RelatedConfig {
  id: string;
  name: string | null;
  type: string | null;
  health?: string | null;
  status?: string | null;
  depth?: number | null;
  related_ids?: string[] | null;
  direction?: string | null;
  deleted_at?: string | null;
}

/** One summary row of `POST /api/catalog/summary`: a type with its counts. */
export interface CatalogTypeSummary {
  type: string;
  total: number;
  health: Record<string, number>;
  changes: number;
  analysis: number;
}

/** A catalog scraper row (ScrapeConfig, 001 §2). */
export interface ScraperRow {
  id: string;
  name: string;
  namespace?: string | null;
  source?: string | null;
  spec?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at: string | null;
}
