import type { SloHistory, SloList } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, resolveApiUrl } from '../../../lib/api/client';
import { sloKeys } from './keys';

/** The object whose SLOs are shown: a check or a component. */
export type SloObject = { checkId: string } | { componentId: string };

/** How long SLO figures stay fresh: the burn-rate job evaluates them every minute. */
const SLO_STALE_MS = 60_000;

/** The query of an object's SLOs. */
export function sloQuery(object: SloObject): Record<string, string> {
  return 'checkId' in object ? { check_id: object.checkId } : { component_id: object.componentId };
}

/** GET /api/slos for one check or component: its SLOs with their budgets and burn rates now. */
export function useSlos(object: SloObject) {
  const query = sloQuery(object);
  return useQuery({
    queryKey: sloKeys.list(JSON.stringify(query)),
    queryFn: ({ signal }) => apiGet<SloList>('/api/slos', { signal, query }),
    staleTime: SLO_STALE_MS,
  });
}

/** GET /api/slos/{id}/history: the remaining budget hour by hour over one window length. */
export function useSloHistory(id: string) {
  return useQuery({
    queryKey: sloKeys.history(id),
    queryFn: ({ signal }) => apiGet<SloHistory>(`/api/slos/${encodeURIComponent(id)}/history`, { signal }),
    staleTime: SLO_STALE_MS,
  });
}

/** The URL of a month's CSV report (a download link; the session cookie goes with it). */
export function sloReportUrl(period: string): string {
  return resolveApiUrl(`/api/slos/report?period=${encodeURIComponent(period)}&format=csv`);
}
