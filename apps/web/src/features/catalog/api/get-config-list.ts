import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { apiRequestText } from '../../../lib/api/client';
import { progressiveList } from '../../../lib/api/progressive-list';
import { type CatalogFilters, itemFilterQuery } from '../components/catalog-filter-params';
import type { ConfigItem } from './catalog-types';
import { catalogKeys } from './keys';

/** Columns the catalog list reads from the `configs` view (never the item's document: it may be huge). */
export const CONFIG_LIST_SELECT =
  'id,name,type,config_class,icon,status,health,tags,labels,created_at,updated_at,deleted_at,cost_total_30d,changes,analysis';

/** Columns the list may be sorted by on the server. */
export const CONFIG_SORT_COLUMNS = ['name', 'type', 'status', 'health', 'created_at', 'updated_at', 'cost_total_30d'];

/** One page of the list. */
export interface ConfigListRequest {
  filters: CatalogFilters;
  /** Items of one scraper only (the scraper page's Items tab). */
  scraperId?: string;
  sorting: SortingState;
  pageIndex: number;
  pageSize: number;
}

/** The PostgREST query of one page: filters, order (default name), limit and offset. */
export function configListQuery(request: ConfigListRequest): Record<string, string | string[]> {
  const sort = request.sorting[0];
  const column = sort && CONFIG_SORT_COLUMNS.includes(sort.id) ? sort.id : 'name';
  const direction = sort?.desc ? 'desc' : 'asc';
  return {
    select: CONFIG_LIST_SELECT,
    ...itemFilterQuery(request.filters),
    ...(request.scraperId ? { scraper_id: [`eq.${request.scraperId}`] } : {}),
    order: `${column}.${direction}.nullslast,id.asc`,
    limit: String(request.pageSize),
    offset: String(request.pageIndex * request.pageSize),
  };
}

/**
 * A page of configuration items (`/api/db/configs`) with the exact total from Content-Range (000 §7).
 * A long page (the virtual list asks for thousands of rows) is read progressively: its first rows at
 * once, the rest between frames (`useProgressiveList`), so the first screenful draws without waiting.
 */
export function configListQueryOptions(request: ConfigListRequest) {
  return queryOptions({
    queryKey: catalogKeys.list(request),
    queryFn: async ({ signal }) => {
      const answer = await apiRequestText('/api/db/configs', {
        signal,
        count: true,
        query: configListQuery(request),
      });
      const items = progressiveList<ConfigItem>(answer.data, undefined, (whole) =>
        Array.isArray(whole) ? (whole as ConfigItem[]) : [],
      );
      return { items, total: answer.total ?? (items.complete ? items.first.length : undefined) };
    },
    // a new page is new data: comparing thousands of rows deeply costs more than it saves
    structuralSharing: false,
  });
}

/** The list's query; while another page or sort loads, the previous page stays on screen. */
export function useConfigList(request: ConfigListRequest) {
  return useQuery({ ...configListQueryOptions(request), placeholderData: keepPreviousData });
}
