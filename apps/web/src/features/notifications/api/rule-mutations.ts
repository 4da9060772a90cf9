import type { NotificationTestAnswer } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { RuleView } from './get-rules';
import { notificationKeys } from './keys';

/** Saves a rule document: created without an id, replaced with one; toasts and refreshes the lists. */
export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, document }: { id?: string; document: unknown }) =>
      (
        await apiRequest<RuleView>(
          id ? `/api/notification/rules/${encodeURIComponent(id)}` : '/api/notification/rules',
          {
            method: id ? 'PUT' : 'POST',
            body: document,
          },
        )
      ).data,
    onSuccess: (view) => {
      toastSuccess(`${view.rule.name} saved successfully`);
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/** Soft-deletes a rule. */
export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/notification/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      toastSuccess('Notification rule deleted');
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/** Sends a sample message to a rule's recipients and toasts what happened. */
export function useTestRule() {
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<NotificationTestAnswer>(`/api/notification/rules/${encodeURIComponent(id)}/test`, {
          method: 'POST',
        })
      ).data,
    onSuccess: (result) =>
      result.status === 'sent'
        ? toastSuccess('Test message sent')
        : toastError(new Error(result.error ?? 'Test failed')),
    onError: (error) => toastError(error),
  });
}
