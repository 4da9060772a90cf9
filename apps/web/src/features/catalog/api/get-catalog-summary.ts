import type { CatalogSummaryRow } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import type { CatalogFilters } from '../components/catalog-filter-params';
import type { CatalogTypeSummary } from './catalog-types';
import { catalogKeys } from './keys';
import { catalogSummaryRequest } from './page-requests';

export { summaryBody } from './page-requests';

function count(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).reduce<number>((sum, item) => sum + count(item), 0);
  }
  return 0;
}

function counts(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, count(item)]));
}

/** One summary row as the console shows it; counts given as objects (by severity, by type) are summed. */
export function toTypeSummary(row: CatalogSummaryRow): CatalogTypeSummary {
  return {
    type: String(row.type ?? ''),
    total: count(row.total ?? row.count ?? row.total_configs),
    health: counts(row.health),
    changes: count(row.changes),
    analysis: count(row.analysis),
  };
}

/**
 * The query of `POST /api/catalog/summary` (000 §7): per type the item count, health, changes (7 days) and
 * open insights. /catalog's boot prefetch asks for it with the list (prefetch-catalog-page.ts): its rows
 * are the page's largest paint.
 */
export function catalogSummaryQuery(filters: CatalogFilters) {
  return queryOptions({
    queryKey: catalogKeys.summary(filters),
    queryFn: async ({ signal }) => {
      const request = catalogSummaryRequest(filters);
      const answer = await apiRequest<CatalogSummaryRow[]>(request.path, { ...request.options, signal });
      const rows = Array.isArray(answer.data) ? answer.data : [];
      return rows.map(toTypeSummary).sort((a, b) => a.type.localeCompare(b.type));
    },
  });
}

/** The summary by type; while other filters load, the previous summary stays on screen. */
export function useCatalogSummary(filters: CatalogFilters) {
  return useQuery({ ...catalogSummaryQuery(filters), placeholderData: keepPreviousData });
}
