import type { AgentGenerated, AgentRemoved, AgentSummary } from '@mc/contracts';

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

/** A row of `agents_summary`: agent `edge`, online and healthy, reporting nothing yet. */
export function buildAgentSummary(overrides: Partial<AgentSummary> = {}): AgentSummary {
  return {
    id: 'a1',
    name: 'edge',
    hostname: null,
    description: null,
    ip: null,
    version: null,
    username: 'agent-edge',
    person_id: null,
    properties: null,
    tls: null,
    cleanup: false,
    last_seen: '2026-11-25T12:00:00Z',
    last_received: null,
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    health: 'healthy',
    status: 'online',
    config_count: 0,
    config_scrapper_count: 0,
    checks_count: 0,
    playbook_runs_count: 0,
    ...overrides,
  };
}

/** `DELETE /api/agents/{id}`: nothing cleaned up (no cleanup asked). */
export function buildAgentRemoved(overrides: Partial<AgentRemoved> = {}): AgentRemoved {
  return { cleaned: {}, ...overrides };
}
