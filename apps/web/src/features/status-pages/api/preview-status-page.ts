import type { CreateStatusPage, PublicStatusPage } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** What the unsaved page would show its readers (POST /api/status-pages/preview). */
export function usePreviewStatusPage() {
  return useMutation({
    mutationFn: async (values: CreateStatusPage) =>
      (await apiRequest<PublicStatusPage>('/api/status-pages/preview', { method: 'POST', body: values })).data,
  });
}
