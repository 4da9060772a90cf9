import type { ConnectionTestResult } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client';

/**
 * Tests a saved connection (POST /api/connection/test/{id}) with its stored credentials. The answer
 * says whether the server reached the target or only validated the fields; the form shows it inline.
 */
export function useTestConnection() {
  return useMutation({
    meta: { silent: true }, // the form shows the failure inline
    mutationFn: async (id: string) =>
      (await apiRequest<ConnectionTestResult>(`/api/connection/test/${encodeURIComponent(id)}`, { method: 'POST' }))
        .data,
  });
}
