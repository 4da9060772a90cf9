import { ADMIN_MESSAGES, type AgentGenerated, type AgentRemoved } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import { agentKeys } from './keys';

/** An agent's editable part: its description and properties (PATCH /api/agents/{id}). */
export interface AgentPatch {
  description: string | null;
  properties: Record<string, string>;
}

/** Saves an agent's description and properties; '<name> updated successfully'. Failures toast through the query client. */
export function useUpdateAgent(id: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: AgentPatch) =>
      (await apiRequest<unknown>(`/api/agents/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch })).data,
    onSuccess: () => {
      toastSuccess(ADMIN_MESSAGES.updated(name));
      return client.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}

/**
 * Soft-deletes an agent (DELETE /api/agents/{id}); with cleanup the server also marks what the agent
 * reported deleted. Toasts '<name> deleted successfully' (001 §8).
 */
export function useDeleteAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, cleanup }: { id: string; name: string; cleanup: boolean }) =>
      (
        await apiRequest<AgentRemoved>(`/api/agents/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          query: cleanup ? { cleanup: 'true' } : undefined,
        })
      ).data,
    onSuccess: (_, { name }) => {
      toastSuccess(ADMIN_MESSAGES.deleted(name));
      return client.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}

/** What the new-agent form sends to POST /api/agent/generate. */
export interface AgentGenerateInput {
  name: string;
  description?: string;
  properties?: Record<string, string>;
}

/** Registers an agent and returns its one-time token and install command (POST /api/agent/generate). */
export function useGenerateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AgentGenerateInput) =>
      (await apiRequest<AgentGenerated>('/api/agent/generate', { method: 'POST', body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
