import type { LinkEvidence, LinkEvidenceResult } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { incidentKeys } from './keys';

/** POST /api/incidents/link: the 001 §4 flow in one atomic call; the incident's cached data is refreshed after. */
export function useLinkToIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: LinkEvidence) =>
      (await apiRequest<LinkEvidenceResult>('/api/incidents/link', { method: 'POST', body: payload })).data,
    onSuccess: (result) =>
      Promise.all([
        client.invalidateQueries({ queryKey: incidentKeys.detail(result.incident_id) }),
        client.invalidateQueries({ queryKey: incidentKeys.hypotheses(result.incident_id) }),
        client.invalidateQueries({ queryKey: [...incidentKeys.all, 'list'] }),
      ]),
  });
}
