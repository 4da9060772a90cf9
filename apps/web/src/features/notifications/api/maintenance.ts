import type { MaintenanceBody, MaintenanceList, MaintenanceWindow } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { notificationKeys } from './keys';

export type { MaintenanceWindow };

/** The first page of maintenance windows, newest first, each with its current and next occurrences. */
export function useMaintenanceWindows() {
  return useQuery({
    queryKey: notificationKeys.maintenance(),
    queryFn: ({ signal }) => apiGet<MaintenanceList>('/api/maintenance', { signal }),
    staleTime: 30_000,
  });
}

/** Creates a window (no id) or changes one (`id`). */
export function useSaveMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: Partial<MaintenanceBody> }) =>
      (
        await apiRequest<MaintenanceWindow>(id ? `/api/maintenance/${encodeURIComponent(id)}` : '/api/maintenance', {
          method: id ? 'PATCH' : 'POST',
          body,
        })
      ).data,
    onSuccess: (_window, { id }) => {
      toastSuccess(id ? 'Maintenance window saved' : 'Maintenance window scheduled');
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/** Deletes a window. */
export function useDeleteMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/maintenance/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      toastSuccess('Maintenance window deleted');
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}
