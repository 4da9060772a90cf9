import { STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import type { JobHistoryRow } from '../components/job-history-options';
import { jobHistoryKeys } from './keys';

/**
 * One page of job history with the total (GET /api/db/job_histories, count from Content-Range): estimated,
 * since a busy install writes millions of rows — exact up to 2,000, the planner's figure beyond.
 */
export function jobHistoryPageQuery(query: Record<string, string | string[]>) {
  return queryOptions({
    queryKey: jobHistoryKeys.page(query),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<JobHistoryRow[]>('/api/db/job_histories', { query, signal, count: 'estimated' });
      return { rows: answer.data ?? [], total: answer.total ?? answer.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.checkHistory,
  });
}

/** A page of job history for the built query. */
export function useJobHistoryPage(query: Record<string, string | string[]>) {
  return useQuery(jobHistoryPageQuery(query));
}

/** The distinct job names for the name filter (GET /api/db/job_history_names). */
export function useJobHistoryNames() {
  return useQuery({
    queryKey: jobHistoryKeys.names(),
    queryFn: ({ signal }) => apiGet<Array<Pick<JobHistoryRow, 'name'>>>('/api/db/job_history_names', { signal }),
    staleTime: STALE_TIMES.default,
  });
}
