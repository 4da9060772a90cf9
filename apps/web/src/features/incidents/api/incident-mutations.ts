import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { incidentKeys } from './keys';

type Method = 'POST' | 'PATCH' | 'DELETE';

/** One write to the incident's API under `/api/incidents/{id}`, e.g. `hypotheses/{hid}`. */
export interface IncidentWrite {
  method: Method;
  /** Path below the incident, '' for the incident itself. */
  path: string;
  body?: unknown;
}

/**
 * Mutations of one incident (edit, hypotheses, evidence, comments, responders): each refreshes the
 * incident's data and the list; a failure is toasted once, by the query client's mutation cache (001 §8).
 */
export function useIncidentWrite(incidentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, path, body }: IncidentWrite) =>
      (
        await apiRequest<unknown>(`/api/incidents/${encodeURIComponent(incidentId)}${path ? `/${path}` : ''}`, {
          method,
          body,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}
