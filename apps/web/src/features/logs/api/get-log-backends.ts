import type { LogBackendSummary } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { logKeys } from './keys';

/** The backends the picker offers (the built-in one first), with each one's query syntax hint. */
export function useLogBackends() {
  return useQuery({
    queryKey: logKeys.backends(),
    queryFn: ({ signal }) => apiGet<LogBackendSummary[]>('/api/logs/backends', { signal }),
    staleTime: 60_000,
  });
}
