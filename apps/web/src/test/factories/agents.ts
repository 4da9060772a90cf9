import type { AgentGenerated } from '@mc/contracts';

/**
 * Agent answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the agents
 * contracts the server answers with.
 */

/** `POST /api/agent/generate`: agent `edge` with its one-time token and the install command holding it. */
export function buildAgentGenerated(overrides: Partial<AgentGenerated> = {}): AgentGenerated {
  return {
    id: 'a1',
    name: 'edge',
    username: 'agent-edge',
    access_token: 'mca_secret-token',
    install_command: 'helm install mission-control-agent --set upstream.password=mca_secret-token',
    ...overrides,
  };
}
