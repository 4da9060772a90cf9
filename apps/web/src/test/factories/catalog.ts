import type {
  CatalogChange,
  CatalogChangesResponse,
  CatalogSummaryRow,
  CheckSummaryForConfig,
  JobHistoryRow,
  ScraperRunAnswer,
} from '@mc/contracts';

/**
 * Catalog answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the catalog
 * contracts the server answers with. Items, insights, relationships and scrapers as the catalog pages read
 * them are built by features/catalog/testing, typed by the catalog api's types (picked from the same rows).
 */

/** `POST /api/catalog/changes`: the first page of 50 holding the given changes, all of them counted. */
export function buildCatalogChangesResponse(overrides: Partial<CatalogChangesResponse> = {}): CatalogChangesResponse {
  const changes: CatalogChange[] = overrides.changes ?? [];
  return { total: changes.length, summary: {}, page: 1, page_size: 50, changes, ...overrides };
}

/** One type's row of `POST /api/catalog/summary`: one healthy item, no changes, no insights. */
export function buildCatalogSummaryRow(overrides: Partial<CatalogSummaryRow> = {}): CatalogSummaryRow {
  return { type: 'File', count: 1, health: {}, changes: 0, analysis: {}, ...overrides };
}

/** A row of `job_history`: a successful scrape of scraper `s1` that took 1.2 s. */
export function buildJobHistoryRow(overrides: Partial<JobHistoryRow> = {}): JobHistoryRow {
  return {
    id: 'j1',
    agent_id: null,
    name: 'scrape',
    success_count: 0,
    error_count: 0,
    details: null,
    hostname: null,
    duration_millis: 1200,
    resource_type: 'config_scraper',
    resource_id: 's1',
    status: 'SUCCESS',
    time_start: '2026-11-25T10:00:00Z',
    time_end: '2026-11-25T10:00:01Z',
    created_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}

/** `POST /api/catalog/scrapers/{id}/run`: a scrape queued now. */
export function buildScraperRunAnswer(overrides: Partial<ScraperRunAnswer> = {}): ScraperRunAnswer {
  return { scraper_id: 's1', job_id: 'job', queued: true, state: 'pending', run: null, ...overrides };
}

/** `rpc/check_summary_for_config`: the item's checks counted by status (the counts follow `checks`). */
export function buildCheckSummaryForConfig(checks: CheckSummaryForConfig['checks'] = []): CheckSummaryForConfig {
  const count = (status: string | null) => checks.filter((check) => check.status === status).length;
  return { healthy: count('healthy'), unhealthy: count('unhealthy'), unknown: count(null), checks };
}
