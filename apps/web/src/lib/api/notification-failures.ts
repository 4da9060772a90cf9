import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

/**
 * Query key of the bell's count. It sits under the notifications area's `['notifications']` prefix, so
 * invalidating that area refreshes the bell too; the area's key list refers to this one.
 */
export const RECENT_FAILURES_KEY = ['notifications', 'failures'] as const;

/**
 * Failed notification messages of the last day, a count only, for the header bell. It lives here, not
 * in the notifications area, so the page shell (on every first screen) does not pull that area's code.
 */
export function useRecentFailures(enabled = true) {
  return useQuery({
    enabled,
    queryKey: RECENT_FAILURES_KEY,
    queryFn: async ({ signal }) => {
      const since = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000).toISOString();
      const response = await apiRequest<unknown[]>('/api/db/notification_send_history', {
        signal,
        query: { select: 'id', status: 'eq.error', created_at: `gte.${since}`, limit: '1' },
        count: true,
      });
      return response.total ?? response.data.length;
    },
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
