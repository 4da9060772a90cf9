import type { QueryClient } from '@tanstack/react-query';
import { resolvePageSize, sortingFromParams } from '../../../components/data-table/use-table-url-state';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { configListQueryOptions } from './get-config-list';

/**
 * Asks for the list /catalog opens with — the same request and key as its table (filters, sort and page
 * size from the address) — when the console boots on /catalog, in parallel with who-am-I, instead of after
 * the session, the guards and the page have rendered (app/shell-prefetch.ts).
 */
export function prefetchPageData(client: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  void client.prefetchQuery(
    configListQueryOptions({
      filters: readCatalogFilters(params),
      sorting: sortingFromParams(params),
      pageIndex: 0,
      pageSize: resolvePageSize(params.get('pageSize')),
    }),
  );
}
