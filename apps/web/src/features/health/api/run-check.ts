import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { healthKeys } from './keys';

/** What Run Now answers: the run's result. */
export interface RunCheckResult {
  id: string;
  status: string;
  duration: number;
  message?: string | null;
  error?: string | null;
}

/**
 * POST /api/canary/run/check/{id} (000 §7): runs the check now and refreshes every health query, so
 * the new run shows in the history, the cards and the dashboard. A failure toasts through the query
 * client's mutation cache, like every mutation.
 */
export function useRunCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<RunCheckResult>(`/api/canary/run/check/${encodeURIComponent(id)}`, { method: 'POST' })).data,
    onSuccess: async (result) => {
      toastSuccess(`Check ran: ${result.status}`);
      await client.invalidateQueries({ queryKey: healthKeys.all });
    },
  });
}
