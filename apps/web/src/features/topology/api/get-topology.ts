import type { TopologyResponse } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { topologyKeys } from './keys';

/** How long a topology answer counts as fresh: health changes as results arrive, so not long. */
export const TOPOLOGY_STALE_MS = 10_000;

/**
 * GET /api/canary/api/topology: the tree from the roots (dashboard) or from one component (detail),
 * with the card level filtered on the server.
 */
export function topologyQuery(params: Record<string, string>) {
  return queryOptions({
    queryKey: topologyKeys.tree(params),
    queryFn: ({ signal }) => apiGet<TopologyResponse>('/api/canary/api/topology', { signal, query: params }),
    staleTime: TOPOLOGY_STALE_MS,
  });
}

/** The tree's query; `refetchMs` keeps a wall screen current; a new filter keeps the old cards meanwhile. */
export function useTopology(params: Record<string, string>, options: { refetchMs?: number } = {}) {
  return useQuery({
    ...topologyQuery(params),
    placeholderData: keepPreviousData,
    ...(options.refetchMs ? { refetchInterval: options.refetchMs } : {}),
  });
}
