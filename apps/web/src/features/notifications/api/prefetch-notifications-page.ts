import type { QueryClient } from '@tanstack/react-query';
import { resolvePageSize } from '../../../components/data-table/use-table-url-state';
import { rulesQuery } from './get-rules';
import { HISTORY_PAGE_SIZE, sendHistoryQuery } from './get-send-history';

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
  void client.prefetchQuery(
    sendHistoryQuery({
      rule: params.get('rule') ?? undefined,
      status: params.get('status') ?? undefined,
      resource: params.get('resource') ?? undefined,
      pageIndex: Math.max(0, Number(params.get('pageIndex') ?? 0) || 0),
      pageSize: resolvePageSize(params.get('pageSize'), HISTORY_PAGE_SIZE),
    }),
  );
}
