import type { CreateIncident, IncidentSummary, LinkEvidence, LinkEvidenceResult } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { incidentKeys } from './keys';

/** What the Declare incident dialog sends: the incident, and the text of a first evidence if any. */
export interface DeclareIncident {
  incident: CreateIncident;
  firstEvidence: string;
}

/** The declared incident, and why its first evidence could not be filed (null when it was, or none was given). */
export interface Declared {
  id: string;
  evidenceError: unknown;
}

/**
 * POST /api/incidents, then — when a first evidence was written — POST /api/incidents/link with the
 * new incident's id, which files it as comment evidence under a root hypothesis named after the
 * incident (the 001 §4 order). A failed second call does not fail the declaration: the incident
 * exists, so it is answered with the evidence's error (declaring again would duplicate it).
 */
export function useDeclareIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ incident, firstEvidence }: DeclareIncident): Promise<Declared> => {
      const created = (await apiRequest<IncidentSummary>('/api/incidents', { method: 'POST', body: incident })).data;
      if (firstEvidence.trim()) {
        const link: LinkEvidence = { incident_id: created.id, type: 'comment', description: firstEvidence.trim() };
        try {
          await apiRequest<LinkEvidenceResult>('/api/incidents/link', { method: 'POST', body: link });
        } catch (error) {
          return { id: created.id, evidenceError: error };
        }
      }
      return { id: created.id, evidenceError: null };
    },
    onSettled: () => client.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}
