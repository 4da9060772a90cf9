import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { agentKeys } from './keys';

/** A row of `agents_summary`: a remote agent with its health (seen within 61 s) and what it reports. */
export interface AgentRow {
  id: string;
  name: string;
  description: string | null;
  hostname: string | null;
  version: string | null;
  properties: Record<string, string> | null;
  last_seen: string | null;
  health: 'healthy' | 'unhealthy' | 'unknown';
  status: 'online' | 'offline' | 'unknown';
  config_count: number;
  config_scrapper_count: number;
  checks_count: number;
  playbook_runs_count: number;
  created_at: string;
}

/** The agents (GET /api/db/agents_summary, by name), re-read whenever the page opens so health is current. */
export function useAgents() {
  return useQuery({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => apiGet<AgentRow[]>('/api/db/agents_summary', { signal, query: { order: 'name.asc' } }),
    staleTime: 0,
  });
}
