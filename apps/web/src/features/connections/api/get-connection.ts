import type { Connection } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { connectionKeys } from './keys';

/** One connection with its secrets masked (GET /api/connections/{id}); off while no id is given. */
export function useConnection(id: string | undefined) {
  return useQuery({
    queryKey: connectionKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiGet<Connection>(`/api/connections/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
