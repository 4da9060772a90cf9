import type { CheckRunAnswer } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { healthKeys } from './keys';

/**
 * POST /api/canary/run/check/{id} (000 §7): runs the check now and refreshes every health query, so
 * the new run shows in the history, the cards and the dashboard. A multi-location check is not run
 * here: the server asks its locations' agents to run it (202) and its message says which; the toast
 * shows it. A failure toasts through the query client's mutation cache, like every mutation.
 */
export function useRunCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const answer = await apiRequest<CheckRunAnswer>(`/api/canary/run/check/${encodeURIComponent(id)}`, {
        method: 'POST',
      });
      return answer.data;
    },
    onSuccess: async (result) => {
      toastSuccess('requested' in result ? result.message : `Check ran: ${result.status}`);
      await client.invalidateQueries({ queryKey: healthKeys.all });
    },
  });
}
