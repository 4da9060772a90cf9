import type { CatalogChange } from '@mc/contracts';
import type { ConfigInsight, ConfigItem, RelatedConfig, ScraperRow } from '../api/catalog-types';

/** Ids shaped like the server's, so pages that only ask for UUIDs ask for these. */
export const ITEM_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
export const OTHER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
export const SCRAPER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d';
export const CHANGE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5e';

/** A configuration item as the list and detail read it (CONVENTIONS 15: factories, not fixture blobs). */
export function buildConfigItem(overrides: Partial<ConfigItem> = {}): ConfigItem {
  return {
    id: ITEM_ID,
    name: 'checkout',
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    status: 'Running',
    health: 'healthy',
    tags: { namespace: 'shop', cluster: 'prod' },
    labels: { app: 'checkout' },
    scraper_id: SCRAPER_ID,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-25T10:00:00Z',
    deleted_at: null,
    cost_total_30d: null,
    changes: 2,
    analysis: { security: 1 },
    summary: { changes: 2, analysis: 1, relationships: 1, checks: 0, playbook_runs: 0 },
    ...overrides,
  };
}

/** A change row as `POST /api/catalog/changes` lists it (the contract's row). */
export function buildChange(overrides: Partial<CatalogChange> = {}): CatalogChange {
  return {
    id: CHANGE_ID,
    config_id: ITEM_ID,
    name: 'checkout',
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    tags: null,
    change_type: 'diff',
    severity: 'info',
    source: 'file',
    summary: 'spec.replicas 2 → 3',
    count: 1,
    created_at: '2026-11-25T10:00:00Z',
    first_observed: '2026-11-25T10:00:00Z',
    created_by: null,
    external_created_by: null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    path: null,
    deleted_at: null,
    inserted_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}

/** An insight row of `config_analysis_items`. */
export function buildInsight(overrides: Partial<ConfigInsight> = {}): ConfigInsight {
  return {
    id: 'a0000000-0000-7000-8000-000000000001',
    config_id: ITEM_ID,
    analyzer: 'privileged-container',
    analysis_type: 'security',
    severity: 'high',
    status: 'open',
    message: 'Container runs as root',
    first_observed: '2026-11-24T10:00:00Z',
    last_observed: '2026-11-25T10:00:00Z',
    config_name: 'checkout',
    config_type: 'Kubernetes::Deployment',
    ...overrides,
  };
}

/** A row of `rpc/related_configs_recursive`. */
export function buildRelated(overrides: Partial<RelatedConfig> = {}): RelatedConfig {
  return {
    id: OTHER_ID,
    name: 'orders-db',
    type: 'Database',
    health: 'healthy',
    depth: 1,
    direction: 'outgoing',
    related_ids: [],
    ...overrides,
  };
}

/** A scraper row. */
export function buildScraper(overrides: Partial<ScraperRow> = {}): ScraperRow {
  return {
    id: SCRAPER_ID,
    name: 'shop-files',
    namespace: 'default',
    source: 'UI',
    spec: { schedule: '@every 30m', file: [{ paths: ['/srv/shop/*.yaml'] }] },
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** A unified diff of one changed line, as the server stores it. */
export const SAMPLE_DIFF = [
  '--- before',
  '+++ after',
  '@@ -1,3 +1,3 @@',
  ' kind: Deployment',
  '-replicas: 2',
  '+replicas: 3',
  ' image: shop/checkout:1.4',
  '',
].join('\n');
