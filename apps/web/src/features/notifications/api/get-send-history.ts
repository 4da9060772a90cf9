import type { NotificationSendHistoryRow } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { notificationKeys } from './keys';
import { type HistoryFilters, sendHistoryRequest } from './page-requests';

export { HISTORY_PAGE_SIZE, type HistoryFilters, historyFiltersOf } from './page-requests';

/** A row of `notification_send_history_summary`. */
export type SendHistoryRow = NotificationSendHistoryRow;

/** The query of one page of the send history, newest first, filtered and counted by the server. */
export function sendHistoryQuery(filters: HistoryFilters) {
  const request = sendHistoryRequest(filters);
  return queryOptions({
    queryKey: notificationKeys.history({
      ...filters,
      pageIndex: String(filters.pageIndex),
      pageSize: String(filters.pageSize),
    }),
    queryFn: async ({ signal }) => {
      const response = await apiRequest<SendHistoryRow[]>(request.path, { ...request.options, signal });
      return { rows: response.data, total: response.total ?? response.data.length };
    },
    staleTime: 10_000,
  });
}

/** One page of the send history; the previous page stays on screen while the next loads. */
export function useSendHistory(filters: HistoryFilters) {
  return useQuery({ ...sendHistoryQuery(filters), placeholderData: keepPreviousData });
}
