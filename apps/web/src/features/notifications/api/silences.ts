import type { SilenceBody } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { notificationKeys } from './keys';

/** A silence row. `until` null: indefinitely. */
export interface SilenceRow {
  id: string;
  name: string | null;
  description: string | null;
  filter: string | null;
  from: string | null;
  until: string | null;
  recursive: boolean;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  canary_id: string | null;
  created_at: string;
}

/** The preview of an unsaved silence (POST /api/notification/silence_preview). */
export interface SilencePreview {
  days: number;
  total: number;
  rows: {
    id: string;
    notification_name: string;
    source_event: string;
    resource_name: string | null;
    status: string;
    created_at: string;
  }[];
  covers: { id: string; kind: string; name: string }[];
}

/** Live silences, newest first (active and expired). */
export function useSilences() {
  return useQuery({
    queryKey: notificationKeys.silences(),
    queryFn: ({ signal }) =>
      apiGet<SilenceRow[]>('/api/db/notification_silences', {
        signal,
        query: { deleted_at: 'is.null', order: 'created_at.desc', limit: '1000' },
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
      const rows = await apiGet<{ silenced_by: string }[]>('/api/db/notification_send_history', {
        signal,
        query: { select: 'silenced_by', silenced_by: `in.(${key})`, status: 'eq.silenced', limit: '10000' },
      });
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.silenced_by, (counts.get(row.silenced_by) ?? 0) + 1);
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
