import { type CheckSummaryForConfig, type ConfigItemRow, STALE_TIMES } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { isUuid } from '../../../lib/uuid';
import type { ConfigItem } from './catalog-types';
import { catalogKeys } from './keys';

/** Columns of the item's header and details; the document is read apart (it may be huge). */
export const CONFIG_DETAIL_SELECT =
  'id,name,type,config_class,status,health,labels,tags,description,namespace,external_id,path,parent_id,scraper_id,agent_id,created_at,updated_at,deleted_at,delete_reason,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,summary';

/** One configuration item (`/api/db/config_detail?id=eq.{id}`), or null when there is none. */
export function useConfigItem(id: string) {
  return useQuery({
    queryKey: catalogKeys.item(id),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<ConfigItem[]>('/api/db/config_detail', {
        signal,
        query: { id: `eq.${id}`, select: CONFIG_DETAIL_SELECT },
      });
      return rows[0] ?? null;
    },
    enabled: isUuid(id),
  });
}

/** The item's scraped document, read on its own so the header never waits for a large one. */
export function useConfigDocument(id: string) {
  return useQuery({
    queryKey: catalogKeys.document(id),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<Array<Pick<ConfigItemRow, 'config'>>>('/api/db/config_items', {
        signal,
        query: { id: `eq.${id}`, select: 'config' },
      });
      return rows[0]?.config ?? null;
    },
    // comparing a new answer with the old walks the document recursively: a very deep one would overflow
    structuralSharing: false,
    enabled: isUuid(id),
  });
}

/** The health checks linked to the item (`rpc/check_summary_for_config`), for its Checks tab. */
export function useConfigChecks(id: string) {
  return useQuery({
    queryKey: catalogKeys.checks(id),
    queryFn: async ({ signal }) => {
      const answer = await apiGet<CheckSummaryForConfig | null>('/api/db/rpc/check_summary_for_config', {
        signal,
        query: { id },
      });
      return answer?.checks ?? [];
    },
    staleTime: STALE_TIMES.checkHistory,
    enabled: isUuid(id),
  });
}
