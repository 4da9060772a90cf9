import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { apiRequest } from '../../../lib/api/client';
import { type CatalogFilters, itemFilterQuery } from '../components/catalog-filter-params';
import type { ConfigInsight } from './catalog-types';
import { catalogKeys } from './keys';

/** The insight columns with its item's name and type (`config_analysis_items`, never the item's document). */
export const INSIGHT_SELECT =
  'id,config_id,analyzer,analysis_type,severity,status,message,summary,source,analysis,first_observed,last_observed,config_name,config_type,config_class';

/** Columns insights may be sorted by on the server. */
export const INSIGHT_SORT_COLUMNS = [
  'analyzer',
  'analysis_type',
  'severity',
  'status',
  'first_observed',
  'last_observed',
];

/** One page of insights. */
export interface InsightsRequest {
  filters: CatalogFilters;
  /** One item's insights (its Insights tab). */
  configId?: string;
  /** 'open' by default; 'all' lists closed ones too. */
  status?: string;
  sorting: SortingState;
  pageIndex: number;
  pageSize: number;
}

/**
 * The data API query of a page of insights. The item filters that the view carries apply (type,
 * tags, labels, name); the item's own status and health are not on an insight, so they do not.
 */
export function insightsQuery(request: InsightsRequest): Record<string, string | string[]> {
  const sort = request.sorting[0];
  const column = sort && INSIGHT_SORT_COLUMNS.includes(sort.id) ? sort.id : 'last_observed';
  const direction = sort ? (sort.desc ? 'desc' : 'asc') : 'desc';
  const itemFilters = request.configId ? {} : itemFilterQuery({ ...request.filters, status: {}, health: {} });
  return {
    select: INSIGHT_SELECT,
    ...itemFilters,
    ...(request.configId ? { config_id: [`eq.${request.configId}`] } : {}),
    ...(request.status && request.status !== 'all' ? { status: [`eq.${request.status}`] } : {}),
    order: `${column}.${direction}.nullslast,id.asc`,
    limit: String(request.pageSize),
    offset: String(request.pageIndex * request.pageSize),
  };
}

/** A page of insights (`/api/db/config_analysis_items`), with the exact total. */
export function useConfigInsights(request: InsightsRequest) {
  return useQuery({
    queryKey: catalogKeys.insights(request),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<ConfigInsight[]>('/api/db/config_analysis_items', {
        signal,
        count: true,
        query: insightsQuery(request),
      });
      return { data: answer.data, total: answer.total ?? answer.data.length };
    },
    placeholderData: keepPreviousData,
  });
}
