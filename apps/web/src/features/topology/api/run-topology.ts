import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, resolveApiUrl } from '../../../lib/api/client';
import { topologyKeys } from './keys';

/** POST /api/canary/run/topology/{id}: queue a build now; the tree refreshes once it is queued. */
export function useRunTopology() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (topologyId: string) => apiRequest(`/api/canary/run/topology/${topologyId}`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: topologyKeys.all }),
  });
}

/** The snapshot archive's address (a plain download: the browser saves the tar the server names). */
export function snapshotUrl(componentId: string, start = '1h', related = true): string {
  return resolveApiUrl(`/api/snapshot/topology/${componentId}?start=${start}&related=${related}`);
}
