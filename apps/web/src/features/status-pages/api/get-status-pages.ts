import type { StatusPage, StatusPageList } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { statusPageKeys } from './keys';

/** The status pages, newest first (GET /api/status-pages, one page of 200). */
export function useStatusPages() {
  return useQuery({
    queryKey: statusPageKeys.list(),
    queryFn: ({ signal }) => apiGet<StatusPageList>('/api/status-pages', { signal, query: { limit: 200 } }),
    staleTime: 0,
  });
}

/** One status page to edit (GET /api/status-pages/{id}); not fetched for a new page. */
export function useStatusPage(id: string | undefined) {
  return useQuery({
    queryKey: statusPageKeys.one(id ?? 'new'),
    queryFn: ({ signal }) => apiGet<StatusPage>(`/api/status-pages/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
