import type { CatalogChange, CatalogChangesResponse, CatalogSummaryRow } from '@mc/contracts';

/**
 * Catalog search answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * catalog contracts the server answers with. Rows the console reads from the data API (items, insights,
 * relationships, scrapers) are built by features/catalog/testing, typed by the catalog api's own shapes.
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
