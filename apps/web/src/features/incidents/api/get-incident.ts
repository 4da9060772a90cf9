import type { IncidentDetail } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { incidentKeys } from './keys';

/** GET /api/incidents/{id}: incident, hypotheses, evidence with live resources, comments and timeline. */
export function incidentQuery(id: string) {
  return queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => apiGet<IncidentDetail>(`/api/incidents/${encodeURIComponent(id)}`, { signal }),
  });
}

/** One incident's detail. */
export function useIncident(id: string) {
  return useQuery(incidentQuery(id));
}
