import { ADMIN_MESSAGES, type Property } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shellKeys } from '../../../lib/api/shell-queries';
import { toastSuccess } from '../../../lib/toast';
import { propertyKeys } from './keys';

/** What the property form submits: the name (fixed when editing) and the value, as the contract's row has them. */
export type PropertyValues = Pick<Property, 'name' | 'value'>;

/**
 * Creates a property (POST /api/properties) or changes its value (PATCH /api/properties/{name}).
 * Success toasts and refreshes both this list and the shell's feature flags, so the sidebar and the
 * route guards of this console follow at once (001 §6); failures toast through the query client.
 */
export function useSaveProperty(editing: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, value }: PropertyValues) => {
      const answer = editing
        ? await apiRequest<Property>(`/api/properties/${encodeURIComponent(name)}`, {
            method: 'PATCH',
            body: { value },
          })
        : await apiRequest<Property>('/api/properties', { method: 'POST', body: { name, value } });
      return answer.data;
    },
    onSuccess: async (saved) => {
      toastSuccess(editing ? ADMIN_MESSAGES.updated(saved.name) : ADMIN_MESSAGES.created(saved.name));
      await Promise.all([
        client.invalidateQueries({ queryKey: propertyKeys.all }),
        client.invalidateQueries({ queryKey: shellKeys.properties }),
      ]);
    },
  });
}
