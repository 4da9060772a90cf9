import { SLO_MESSAGES, type Slo, type SloInput } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { sloKeys } from './keys';

/** Creates an SLO; the lists refresh. */
export function useCreateSlo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SloInput) => (await apiRequest<Slo>('/api/slos', { method: 'POST', body })).data,
    onSuccess: () => {
      toastSuccess(SLO_MESSAGES.created);
      void client.invalidateQueries({ queryKey: sloKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/** Deletes an SLO; the lists refresh. */
export function useDeleteSlo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/slos/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      toastSuccess(SLO_MESSAGES.deleted);
      void client.invalidateQueries({ queryKey: sloKeys.all });
    },
    onError: (error) => toastError(error),
  });
}
