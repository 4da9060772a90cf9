import { ADMIN_MESSAGES, type Connection, type ConnectionInput } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { connectionKeys } from './keys';

/** Creates (POST /api/connections) or replaces (PUT /api/connections/{id}) a connection. */
export async function saveConnection(body: ConnectionInput, id?: string): Promise<Connection> {
  const path = id ? `/api/connections/${encodeURIComponent(id)}` : '/api/connections';
  return (await apiRequest<Connection>(path, { method: id ? 'PUT' : 'POST', body })).data;
}

/** Saves a connection, toasts '<name> created/updated successfully' (failures toast through the query client), refreshes the lists. */
export function useSaveConnection(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionInput) => saveConnection(body, id),
    onSuccess: (saved) => {
      toastSuccess(id ? ADMIN_MESSAGES.updated(saved.name) : ADMIN_MESSAGES.created(saved.name));
      return client.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}
