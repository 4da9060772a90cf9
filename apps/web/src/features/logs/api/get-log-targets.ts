import type { ComponentWithLogsRow } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { logKeys } from './keys';

/** A component that names log selectors (`components_with_logs`, 000 §7). */
export type LogTarget = Pick<ComponentWithLogsRow, 'id' | 'name' | 'type' | 'icon'>;

/** Most targets offered in the picker. */
export const MAX_LOG_TARGETS = 500;

/** The components with logs, by name. */
export function useLogTargets() {
  return useQuery({
    queryKey: logKeys.targets(),
    queryFn: ({ signal }) =>
      apiGet<LogTarget[]>('/api/db/components_with_logs', {
        signal,
        query: { select: 'id,name,type,icon', order: 'name.asc', limit: String(MAX_LOG_TARGETS) },
      }),
    staleTime: 60_000,
  });
}
