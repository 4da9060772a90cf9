import type { CreateStatusPage, StatusPageSaved } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { statusPageKeys } from './keys';

/**
 * Creates a page (POST /api/status-pages) or saves an edit (PATCH /api/status-pages/{id}); the answer
 * carries a token page's read token the one time it is issued. Failures toast through the query client.
 */
export function useSaveStatusPage(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: CreateStatusPage & { rotate_token?: boolean }) => {
      const answer = id
        ? await apiRequest<StatusPageSaved>(`/api/status-pages/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: values,
          })
        : await apiRequest<StatusPageSaved>('/api/status-pages', { method: 'POST', body: values });
      return answer.data;
    },
    onSuccess: async (saved) => {
      toastSuccess(id ? `Saved ${saved.title}` : `Created ${saved.title}`);
      await client.invalidateQueries({ queryKey: statusPageKeys.all });
    },
  });
}

/** Deletes a page (DELETE /api/status-pages/{id}); its public address answers 404 at once. */
export function useDeleteStatusPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest<null>(`/api/status-pages/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: async () => {
      toastSuccess('Status page deleted');
      await client.invalidateQueries({ queryKey: statusPageKeys.all });
    },
  });
}
