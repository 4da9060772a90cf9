import { type CheckLocations, STALE_TIMES } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { isUuid } from '../../../lib/uuid';
import { healthKeys } from './keys';

/**
 * GET /api/checks/{id}/locations: a multi-location check's quorum and each location's latest result
 * (an empty list for a check run from one place). Not asked for an id that cannot name a check.
 */
export function useCheckLocations(id: string) {
  return useQuery({
    queryKey: healthKeys.locations(id),
    queryFn: ({ signal }) => apiGet<CheckLocations>(`/api/checks/${encodeURIComponent(id)}/locations`, { signal }),
    staleTime: STALE_TIMES.checkHistory,
    enabled: isUuid(id),
  });
}
