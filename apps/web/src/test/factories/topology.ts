import type { TopologyResponse } from '@mc/contracts';

/**
 * Topology answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the topology
 * contract the server answers with.
 */

/** `GET /api/canary/api/topology`: no components, no parents, nothing to filter by unless given. */
export function buildTopologyResponse(overrides: Partial<TopologyResponse> = {}): TopologyResponse {
  return { components: [], parents: [], healthStatuses: [], teams: [], tags: {}, types: [], ...overrides };
}
