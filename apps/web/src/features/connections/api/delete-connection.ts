import { ADMIN_MESSAGES } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { connectionKeys } from './keys';

/** Soft-deletes a connection (DELETE /api/connections/{id}); toasts '<name> deleted successfully' (001 §8). */
export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; name: string }) => {
      await apiRequest<void>(`/api/connections/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: (_, { name }) => {
      toastSuccess(ADMIN_MESSAGES.deleted(name));
      // Not the deleted connection's own query: its dialog is still open and would fetch a 404.
      return Promise.all([
        client.invalidateQueries({ queryKey: connectionKeys.pages }),
        client.invalidateQueries({ queryKey: connectionKeys.names() }),
      ]);
    },
  });
}
