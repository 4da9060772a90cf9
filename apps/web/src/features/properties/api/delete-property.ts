import { ADMIN_MESSAGES } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shellKeys } from '../../../lib/api/shell-queries';
import { toastSuccess } from '../../../lib/toast';
import { propertyKeys } from './keys';

/** Deletes a property by name (DELETE /api/properties/{name}) and refreshes the flags; '<name> deleted successfully'. */
export function useDeleteProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await apiRequest<void>(`/api/properties/${encodeURIComponent(name)}`, { method: 'DELETE' });
    },
    onSuccess: async (_, name) => {
      toastSuccess(ADMIN_MESSAGES.deleted(name));
      await Promise.all([
        client.invalidateQueries({ queryKey: propertyKeys.all }),
        client.invalidateQueries({ queryKey: shellKeys.properties }),
      ]);
    },
  });
}
