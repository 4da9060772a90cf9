import { CHECK_HISTORY, type CheckStatusRow as CheckStatusRowContract, STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { healthKeys } from './keys';

/** One run of a check (000 §3 Check status row): the columns the history table selects. */
export type CheckStatusRow = Pick<
  CheckStatusRowContract,
  'check_id' | 'time' | 'status' | 'duration' | 'message' | 'error'
>;

/** What the history table asks for: the window's minutes before now, the status and minimum duration, the page. */
export interface HistoryParams {
  minutes: number;
  /** '1' healthy, '0' unhealthy (000 §4), '' all. */
  status: '' | '1' | '0';
  /** Minimum duration in ms; 0 for all. */
  minDuration: number;
  pageIndex: number;
}

/**
 * GET /api/db/check_statuses (000 §7) over exactly the last `minutes` up to the moment of the fetch —
 * not widened to the hour as upstream — newest first, 50 a page with an exact count, stale after 10 s
 * (000 §9). The window is computed when the fetch runs, so a refetch after Run Now includes that run.
 */
export function useCheckHistory(id: string, params: HistoryParams) {
  return useQuery({
    queryKey: healthKeys.history(id, { ...params }),
    queryFn: async ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - params.minutes * 60_000);
      const { data, total } = await apiRequest<CheckStatusRow[]>('/api/db/check_statuses', {
        signal,
        count: true,
        query: {
          select: 'check_id,time,status,duration,message,error',
          check_id: `eq.${id}`,
          time: [`gte.${from.toISOString()}`, `lte.${to.toISOString()}`],
          status: params.status === '' ? undefined : `eq.${params.status === '1'}`,
          duration: params.minDuration > 0 ? `gte.${params.minDuration}` : undefined,
          order: 'time.desc',
          limit: CHECK_HISTORY.pageSize,
          offset: params.pageIndex * CHECK_HISTORY.pageSize,
        },
      });
      return { rows: Array.isArray(data) ? data : [], total: total ?? 0 };
    },
    staleTime: STALE_TIMES.checkHistory,
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}
