import type { QueryClient } from '@tanstack/react-query';
import { rulesQuery } from './get-rules';
import { historyFiltersOf, sendHistoryQuery } from './get-send-history';

/**
 * Asks for what /notifications opens with — the rules of its filter and the page of send history the
 * address names (rule, status, resource, page), the same requests and keys as the page — when the console
 * boots on /notifications, in parallel with who-am-I (app/shell-prefetch.ts). Not with a time range in the
 * address: its bounds are resolved against the clock, so the page's own request would name other bounds.
 */
export function prefetchPageData(client: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  void client.prefetchQuery(rulesQuery());
  if (params.has('rangeType')) return;
  void client.prefetchQuery(sendHistoryQuery(historyFiltersOf(params)));
}
