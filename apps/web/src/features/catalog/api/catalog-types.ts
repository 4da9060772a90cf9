import type {
  CatalogChange,
  ConfigAnalysisItemRow,
  ConfigChangeRow,
  ConfigDetailRow,
  ConfigListRow,
  ConfigScraperRow,
  RelatedConfigRow,
} from '@mc/contracts';

/**
 * A configuration item as the catalog lists (`configs`) and shows it (`config_detail`), 000 §3 Config item:
 * each read selects its own columns, so beyond the key ones each may be missing.
 */
export type ConfigItem = Pick<ConfigListRow, 'id' | 'name' | 'type' | 'created_at' | 'updated_at'> &
  Partial<ConfigListRow & ConfigDetailRow>;

/** The columns every change row has, whichever call read it. */
type ChangeKey = 'id' | 'config_id' | 'change_type' | 'created_at';

/**
 * One change of an item (000 §3 Config change): the contract's row of `POST /api/catalog/changes`. A row
 * of `/api/db/config_changes` has only the change's own columns (not its item's name, type and tags), so
 * beyond the key columns each may be missing.
 */
export type ConfigChange = Pick<CatalogChange, ChangeKey> & Partial<Omit<CatalogChange, ChangeKey>>;

/** A change with its stored documents: the unified diff, the JSON patch and details. */
export type ConfigChangeDetail = ConfigChange & Partial<Pick<ConfigChangeRow, 'diff' | 'patches' | 'details'>>;

/** An insight (000 §3 Config analysis), with the item it is about. */
export type ConfigInsight = Pick<
  ConfigAnalysisItemRow,
  'id' | 'config_id' | 'analyzer' | 'first_observed' | 'last_observed'
> &
  Partial<ConfigAnalysisItemRow>;

/** One row of `rpc/related_configs_recursive`: an item reached from the root, and the ids it hangs off. */
export type RelatedConfig = Pick<RelatedConfigRow, 'id' | 'name' | 'type'> &
  Partial<Pick<RelatedConfigRow, 'health' | 'status' | 'depth' | 'direction' | 'related_ids' | 'deleted_at'>>;

/** One summary row of `POST /api/catalog/summary`: a type with its counts. */
export interface CatalogTypeSummary {
  type: string;
  total: number;
  health: Record<string, number>;
  changes: number;
  analysis: number;
}

/** A catalog scraper row (ScrapeConfig, 001 §2). */
export type ScraperRow = Pick<ConfigScraperRow, 'id' | 'name' | 'updated_at'> &
  Partial<Pick<ConfigScraperRow, 'namespace' | 'source' | 'spec' | 'created_at'>>;
