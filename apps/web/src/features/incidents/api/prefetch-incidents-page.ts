import type { QueryClient } from '@tanstack/react-query';
import { listParams } from '../components/list-params';
import { incidentsQuery } from './get-incidents';

/**
 * Asks for the list /incidents opens with — the same parameters and key as the page (filters, paging and
 * sorting from the address) — when the console boots on /incidents, in parallel with who-am-I
 * (app/shell-prefetch.ts). Not with a time range in the address: its bounds are resolved against the
 * clock, so the page's own request (a moment later) would name other bounds and ask again.
 */
export function prefetchPageData(client: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  if (params.has('rangeType')) return;
  void client.prefetchQuery(incidentsQuery(listParams(params, undefined)));
}
