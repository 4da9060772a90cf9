import type { CreateIncident, LinkEvidence, LinkEvidenceResult } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { incidentKeys } from './keys';

/** What the Declare incident dialog sends: the incident, and the text of a first evidence if any. */
export interface DeclareIncident {
  incident: CreateIncident;
  firstEvidence: string;
}

/**
 * POST /api/incidents, then — when a first evidence was written — POST /api/incidents/link with the
 * new incident's id, which files it as comment evidence under a root hypothesis named after the
 * incident (the 001 §4 order). Answers the new incident's id; the incident list is refreshed.
 */
export function useDeclareIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ incident, firstEvidence }: DeclareIncident) => {
      const created = (await apiRequest<{ id: string }>('/api/incidents', { method: 'POST', body: incident })).data;
      if (firstEvidence.trim()) {
        const link: LinkEvidence = { incident_id: created.id, type: 'comment', description: firstEvidence.trim() };
        await apiRequest<LinkEvidenceResult>('/api/incidents/link', { method: 'POST', body: link });
      }
      return created.id;
    },
    onSettled: () => client.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}
