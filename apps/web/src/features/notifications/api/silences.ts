import type {
  NotificationSendHistoryRow,
  SilenceBody,
  SilencedResource,
  SilencePreview,
  SilenceRow,
} from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { notificationKeys } from './keys';

/** A silence row. `until` null: indefinitely. */
/** The preview of an unsaved silence (POST /api/notification/silence_preview). */
export type { SilencedResource, SilencePreview, SilenceRow };

/** A silence with the resources it names embedded, so the list shows names and icons, not ids. */
export type SilenceListRow = SilenceRow & {
  check: SilencedResource | null;
  component: SilencedResource | null;
  config: SilencedResource | null;
  canary: SilencedResource | null;
};

/** The embeds that name a silence's resources in the list's one request (no lookup per row). */
const SILENCE_LIST_SELECT = [
  '*',
  'check:checks(id,name,type,icon)',
  'component:components(id,name,type,icon)',
  'config:config_items(id,name,type,config_class)',
  'canary:canaries(id,name)',
].join(',');

/** Live silences, newest first (active and expired), each with its resources' names and icons. */
export function useSilences() {
  return useQuery({
    queryKey: notificationKeys.silences(),
    queryFn: ({ signal }) =>
      apiGet<SilenceListRow[]>('/api/db/notification_silences', {
        signal,
        query: { select: SILENCE_LIST_SELECT, deleted_at: 'is.null', order: 'created_at.desc', limit: '1000' },
      }),
    staleTime: 30_000,
  });
}

/** How many messages each silence held back, counted from the send history. */
export function useSilencedCounts(ids: string[]) {
  const key = ids.join(',');
  return useQuery({
    queryKey: notificationKeys.silenced(key),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<Array<Pick<NotificationSendHistoryRow, 'silenced_by'>>>(
        '/api/db/notification_send_history',
        {
          signal,
          query: { select: 'silenced_by', silenced_by: `in.(${key})`, status: 'eq.silenced', limit: '10000' },
        },
      );
      const counts = new Map<string, number>();
      for (const row of rows) if (row.silenced_by) counts.set(row.silenced_by, (counts.get(row.silenced_by) ?? 0) + 1);
      return counts;
    },
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}

/** The preview of a silence being written; re-asked when the body changes. */
export function useSilencePreview(body: Partial<SilenceBody> | undefined) {
  const text = JSON.stringify(body ?? {});
  return useQuery({
    queryKey: notificationKeys.preview(text),
    queryFn: async ({ signal }) =>
      (await apiRequest<SilencePreview>('/api/notification/silence_preview', { method: 'POST', body, signal })).data,
    enabled: Boolean(body),
    retry: false,
  });
}

/** Creates a silence. */
export function useCreateSilence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<SilenceBody>) =>
      (await apiRequest<SilenceRow>('/api/notification/silence', { method: 'POST', body })).data,
    onSuccess: () => {
      toastSuccess('Silence created');
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/** Soft-deletes a silence. */
export function useDeleteSilence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/notification/silence/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      toastSuccess('Silence deleted');
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toastError(error),
  });
}
