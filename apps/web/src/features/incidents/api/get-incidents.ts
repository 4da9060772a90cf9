import { type IncidentPage, STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { incidentKeys } from './keys';
import { incidentListRequest } from './page-requests';

/** GET /api/incidents with the list's URL parameters (filters, time range, paging, sorting). */
export function incidentsQuery(params: Record<string, string>) {
  return queryOptions({
    queryKey: incidentKeys.list(params),
    queryFn: ({ signal }) => {
      const { path, options } = incidentListRequest(params);
      return apiGet<IncidentPage>(path, { ...options, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.checkHistory,
  });
}

/** The incident list page. */
export function useIncidents(params: Record<string, string>) {
  return useQuery(incidentsQuery(params));
}
