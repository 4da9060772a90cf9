import type { LogSearchRequest, LogSearchResponse } from '@mc/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { logKeys } from './keys';

/** One page of a search (`POST /api/logs {name, id, query}`). */
export async function searchLogs(request: LogSearchRequest, signal?: AbortSignal): Promise<LogSearchResponse> {
  return (await apiRequest<LogSearchResponse>('/api/logs', { method: 'POST', body: request, signal })).data;
}

/** The search, newest first, with older pages loaded on demand through the answer's cursor. */
export function useLogSearch(request: LogSearchRequest | undefined) {
  return useInfiniteQuery({
    queryKey: logKeys.search(request),
    enabled: request !== undefined,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      searchLogs(
        // enabled only with a request
        { ...(request as LogSearchRequest), query: { ...request?.query, ...(pageParam ? { cursor: pageParam } : {}) } },
        signal,
      ),
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    retry: false,
  });
}
