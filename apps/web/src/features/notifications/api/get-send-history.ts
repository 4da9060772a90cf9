import type { NotificationSendHistoryRow } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resolvePageSize } from '../../../components/data-table/use-table-url-state';
import { apiRequest } from '../../../lib/api/client';
import { notificationKeys } from './keys';

/** A row of `notification_send_history_summary`. */
export type SendHistoryRow = NotificationSendHistoryRow;

/** The history filters (URL state): rule, status, resource, time bounds, page. */
export interface HistoryFilters {
  rule?: string;
  status?: string;
  resource?: string;
  from?: string;
  to?: string;
  pageIndex: number;
  pageSize: number;
}

/** Page size of the send history. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * The filters the address names (rule, status, resource, page), without the time range: the page adds its
 * bounds, which are resolved against the clock; the boot prefetch asks for the same page without one.
 */
export function historyFiltersOf(params: URLSearchParams): HistoryFilters {
  return {
    rule: params.get('rule') ?? undefined,
    status: params.get('status') ?? undefined,
    resource: params.get('resource') ?? undefined,
    pageIndex: Math.max(0, Number(params.get('pageIndex') ?? 0) || 0),
    pageSize: resolvePageSize(params.get('pageSize'), HISTORY_PAGE_SIZE),
  };
}

/** The query of one page of the send history, newest first, filtered and counted by the server. */
export function sendHistoryQuery(filters: HistoryFilters) {
  const query: Record<string, string | string[]> = {
    order: 'created_at.desc',
    limit: String(filters.pageSize),
    offset: String(filters.pageIndex * filters.pageSize),
  };
  if (filters.rule) query.notification_id = `eq.${filters.rule}`;
  if (filters.status) query.status = `eq.${filters.status}`;
  if (filters.resource) query.resource_id = `eq.${filters.resource}`;
  const created: string[] = [];
  if (filters.from) created.push(`gte.${filters.from}`);
  if (filters.to) created.push(`lt.${filters.to}`);
  if (created.length) query.created_at = created;
  return queryOptions({
    queryKey: notificationKeys.history({
      ...filters,
      pageIndex: String(filters.pageIndex),
      pageSize: String(filters.pageSize),
    }),
    queryFn: async ({ signal }) => {
      const response = await apiRequest<SendHistoryRow[]>('/api/db/notification_send_history_summary', {
        signal,
        query,
        count: 'estimated',
      });
      return { rows: response.data, total: response.total ?? response.data.length };
    },
    staleTime: 10_000,
  });
}

/** One page of the send history; the previous page stays on screen while the next loads. */
export function useSendHistory(filters: HistoryFilters) {
  return useQuery({ ...sendHistoryQuery(filters), placeholderData: keepPreviousData });
}
