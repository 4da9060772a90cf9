import type { ConnectionInput, ConnectionTestResult } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/**
 * Tests the values in the form, saved or not: `POST /api/connection/test` for a new connection,
 * `POST /api/connection/test/{id}` for one being edited (a secret still masked is the saved one). The
 * answer says whether the server reached the target, or that no test exists for the type; the form
 * shows it inline.
 */
export function useTestConnection() {
  return useMutation({
    meta: { silent: true }, // the form shows the failure inline
    mutationFn: async ({ id, body }: { id?: string; body: ConnectionInput }) =>
      (
        await apiRequest<ConnectionTestResult>(
          id ? `/api/connection/test/${encodeURIComponent(id)}` : '/api/connection/test',
          { method: 'POST', body },
        )
      ).data,
  });
}
