import { HEARTBEAT_MESSAGES, type HeartbeatState, type HeartbeatToken, STALE_TIMES } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { isUuid } from '../../../lib/uuid';
import { healthKeys } from './keys';

const tokenPath = (checkId: string) => `/api/heartbeats/${encodeURIComponent(checkId)}`;

/**
 * GET /api/heartbeats/{checkId}: whether a webhook check has a live token, when it was issued and when
 * the last call came. Asked only when `enabled` (a webhook check, for someone who may manage its token).
 */
export function useHeartbeatState(checkId: string, enabled: boolean) {
  return useQuery({
    queryKey: healthKeys.heartbeat(checkId),
    queryFn: ({ signal }) => apiGet<HeartbeatState>(tokenPath(checkId), { signal }),
    staleTime: STALE_TIMES.checkHistory,
    enabled: enabled && isUuid(checkId),
  });
}

/**
 * POST /api/heartbeats/{checkId}/token: a new token (any earlier one stops working). The answer is the
 * only time the token is seen; the caller shows it and keeps it nowhere else.
 */
export function useIssueHeartbeatToken(checkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<HeartbeatToken>(`${tokenPath(checkId)}/token`, { method: 'POST' })).data,
    onSuccess: async () => {
      toastSuccess(HEARTBEAT_MESSAGES.issued);
      await client.invalidateQueries({ queryKey: healthKeys.heartbeat(checkId) });
    },
  });
}

/** DELETE /api/heartbeats/{checkId}/token: calls with the token answer 404 from now on. */
export function useRevokeHeartbeatToken(checkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest(`${tokenPath(checkId)}/token`, { method: 'DELETE' });
    },
    onSuccess: async () => {
      toastSuccess(HEARTBEAT_MESSAGES.revoked);
      await client.invalidateQueries({ queryKey: healthKeys.heartbeat(checkId) });
    },
  });
}
