import { MAINTENANCE_INTERVALS_MAX_DAYS, type MaintenanceIntervals, STALE_TIMES } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { useCan } from '../../../lib/api/shell-queries';
import { isUuid } from '../../../lib/uuid';
import { healthKeys } from './keys';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * GET /api/maintenance/intervals for one check over the last `minutes` (at most the route's longest
 * range, so a longer graph is shaded over its latest year): the spans its maintenance windows covered,
 * which the check modal's graph shades. Asked only of people who may read maintenance windows
 * (notifications read, as the route needs); for others the graph is drawn unshaded.
 */
export function useCheckMaintenance(checkId: string, minutes: number) {
  const mayRead = useCan({ resource: 'notifications', action: 'read' });
  return useQuery({
    queryKey: healthKeys.maintenance(checkId, minutes),
    queryFn: ({ signal }) => {
      const to = Date.now();
      const from = to - Math.min(minutes * MINUTE, MAINTENANCE_INTERVALS_MAX_DAYS * DAY);
      return apiGet<MaintenanceIntervals>('/api/maintenance/intervals', {
        signal,
        query: { check_id: checkId, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
      });
    },
    staleTime: STALE_TIMES.checkHistory,
    enabled: mayRead && isUuid(checkId),
  });
}
