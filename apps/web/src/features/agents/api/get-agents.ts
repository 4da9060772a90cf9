import type { AgentSummary } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { agentKeys } from './keys';

/** A row of `agents_summary`: a remote agent with its health (seen within 61 s) and what it reports. */
export type AgentRow = AgentSummary;

/** The agents (GET /api/db/agents_summary, by name), re-read whenever the page opens so health is current. */
export function useAgents() {
  return useQuery({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => apiGet<AgentRow[]>('/api/db/agents_summary', { signal, query: { order: 'name.asc' } }),
    staleTime: 0,
  });
}
