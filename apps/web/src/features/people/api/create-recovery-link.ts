import type { RecoveryLink } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/**
 * POST /api/auth/recovery_link {personId} (administrators): a single-use recovery link for one hour, for
 * the administrator to hand over when mail cannot reach the person. Failures toast through the query client.
 */
export function useCreateRecoveryLink() {
  return useMutation({
    mutationFn: async (personId: string) =>
      (await apiRequest<RecoveryLink>('/api/auth/recovery_link', { method: 'POST', body: { personId } })).data,
  });
}
