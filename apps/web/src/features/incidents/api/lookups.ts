import type { HypothesisRow, IncidentPage, IncidentSummary, NamedRow } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { incidentKeys } from './keys';

/** A hypothesis as the link dialog lists it. */
export type HypothesisOption = Pick<HypothesisRow, 'id' | 'title' | 'type' | 'status'>;

/** A person or team to pick as responder or commander. */
export type PersonOption = Pick<NamedRow, 'id' | 'name'>;

/**
 * Incident search by text for the link dialog (001 §7). A failed search or an answer that is not a
 * list logs and counts as no incidents (001 §8); a search cancelled by the next keystroke is not a failure.
 */
export function incidentSearchQuery(text: string) {
  return queryOptions({
    queryKey: incidentKeys.search(text),
    queryFn: async ({ signal }): Promise<IncidentSummary[]> => {
      try {
        const page = await apiGet<IncidentPage>('/api/incidents', { signal, query: { search: text, pageSize: 20 } });
        return Array.isArray(page?.data) ? page.data : [];
      } catch (error) {
        if (signal.aborted) throw error; // a superseded search: the query client drops it quietly
        console.error(error);
        return [];
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** The hypotheses of one incident for the link dialog; failures count as none (001 §8). */
export function hypothesesQuery(incidentId: string) {
  return queryOptions({
    queryKey: incidentKeys.hypotheses(incidentId),
    queryFn: async ({ signal }): Promise<HypothesisOption[]> => {
      try {
        const rows = await apiGet<HypothesisOption[]>(`/api/incidents/${encodeURIComponent(incidentId)}/hypotheses`, {
          signal,
        });
        return Array.isArray(rows) ? rows : [];
      } catch (error) {
        if (signal.aborted) throw error; // a superseded search: the query client drops it quietly
        console.error(error);
        return [];
      }
    },
    enabled: incidentId !== '',
  });
}

/** People by name for the commander and responder pickers (data API). */
export function usePeople(text: string) {
  return useQuery({
    queryKey: incidentKeys.people(text),
    queryFn: ({ signal }) =>
      apiGet<PersonOption[]>('/api/db/people', {
        signal,
        query: {
          select: 'id,name',
          deleted_at: 'is.null',
          order: 'name.asc',
          limit: 50,
          ...(text ? { name: `ilike.*${text}*` } : {}),
        },
      }),
  });
}

/** Teams for the responder picker (data API). */
export function useTeams() {
  return useQuery({
    queryKey: [...incidentKeys.all, 'teams'],
    queryFn: ({ signal }) =>
      apiGet<PersonOption[]>('/api/db/teams', {
        signal,
        query: { select: 'id,name', deleted_at: 'is.null', order: 'name.asc' },
      }),
  });
}
