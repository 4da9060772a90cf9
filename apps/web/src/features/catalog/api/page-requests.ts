import type { SortingState } from '@tanstack/react-table';
import { resolvePageSize, sortingFromParams } from '../../../components/data-table/table-url-params';
import type { EarlyRequest } from '../../../lib/api/request-parts';
import {
  type CatalogFilters,
  itemFilterQuery,
  pairSelector,
  readCatalogFilters,
  selectionParam,
} from '../components/catalog-filter-params';

/**
 * The calls of the catalog page, without React: its queries (get-catalog-summary.ts, get-config-list.ts)
 * make them, and the boot script (src/boot.ts) asks for them before the console has loaded.
 */

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

/** The summary body: grouped by type, with the page's filters. */
export function summaryBody(filters: CatalogFilters) {
  return {
    groupBy: ['type'],
    type: selectionParam(filters.type),
    status: selectionParam(filters.status),
    health: selectionParam(filters.health),
    tags: pairSelector(filters.tags) || undefined,
    labels: pairSelector(filters.labels) || undefined,
    search: filters.search || undefined,
  };
}

/** The catalog's summary by type under the filters. */
export function catalogSummaryRequest(filters: CatalogFilters): EarlyRequest {
  return { path: '/api/catalog/summary', options: { method: 'POST', body: summaryBody(filters) } };
}

/** One page of configuration items with the exact total (000 §7). */
export function configListRequest(request: ConfigListRequest): EarlyRequest {
  return { path: '/api/db/configs', options: { count: true, query: configListQuery(request) } };
}

/** What the catalog page asks for first at this address: the summary and the list's first page. */
export function catalogPageRequests(search: string): EarlyRequest[] {
  const params = new URLSearchParams(search);
  const filters = readCatalogFilters(params);
  return [
    catalogSummaryRequest(filters),
    configListRequest({
      filters,
      sorting: sortingFromParams(params),
      pageIndex: 0,
      pageSize: resolvePageSize(params.get('pageSize')),
    }),
  ];
}
