import { type CheckArtifact, STALE_TIMES } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { isUuid } from '../../../lib/uuid';
import { healthKeys } from './keys';

/** The download address of one kept file of a check (an attachment; the server checks the reader). */
export function checkArtifactUrl(checkId: string, artifactId: string): string {
  return `/api/checks/${encodeURIComponent(checkId)}/artifacts/${encodeURIComponent(artifactId)}`;
}

/**
 * GET /api/checks/{id}/artifacts: the files an exec check kept (its `artifacts`), newest first; an
 * empty list for any other check. Not asked for an id that cannot name a check.
 */
export function useCheckArtifacts(id: string) {
  return useQuery({
    queryKey: healthKeys.artifacts(id),
    queryFn: ({ signal }) => apiGet<CheckArtifact[]>(`/api/checks/${encodeURIComponent(id)}/artifacts`, { signal }),
    staleTime: STALE_TIMES.checkHistory,
    enabled: isUuid(id),
  });
}
