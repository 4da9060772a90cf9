import type { QueryClient } from '@tanstack/react-query';
import { resolvePageSize, sortingFromParams } from '../../../components/data-table/use-table-url-state';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { catalogSummaryQuery } from './get-catalog-summary';
import { configListQueryOptions } from './get-config-list';

/**
 * Asks for what /catalog opens with — the summary by type and the list, the same requests and keys as the
 * page (filters, sort and page size from the address) — when the console boots on /catalog, in parallel
 * with who-am-I, instead of after the session, the guards and the page have rendered
 * (app/shell-prefetch.ts). The summary's rows are the page's largest paint: asked for by the page, it
 * waited for the whole boot and then behind the filters' option lists.
 */
export function prefetchPageData(client: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  const filters = readCatalogFilters(params);
  void client.prefetchQuery(catalogSummaryQuery(filters));
  void client.prefetchQuery(
    configListQueryOptions({
      filters,
      sorting: sortingFromParams(params),
      pageIndex: 0,
      pageSize: resolvePageSize(params.get('pageSize')),
    }),
  );
}
