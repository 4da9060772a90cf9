import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestText } from '../../../lib/api/client';
import { progressiveList } from '../../../lib/api/progressive-list';
import type { ConfigItem } from './catalog-types';
import { catalogKeys } from './keys';
import { type ConfigListRequest, configListRequest } from './page-requests';

export {
  CONFIG_LIST_SELECT,
  CONFIG_SORT_COLUMNS,
  type ConfigListRequest,
  configListQuery,
} from './page-requests';

/**
 * A page of configuration items (`/api/db/configs`) with the exact total from Content-Range (000 §7).
 * A long page (the virtual list asks for thousands of rows) is read progressively: its first rows at
 * once, the rest between frames (`useProgressiveList`), so the first screenful draws without waiting.
 */
export function configListQueryOptions(request: ConfigListRequest) {
  return queryOptions({
    queryKey: catalogKeys.list(request),
    queryFn: async ({ signal }) => {
      const early = configListRequest(request);
      const answer = await apiRequestText(early.path, { ...early.options, signal });
      const items = progressiveList<ConfigItem>(answer.data, undefined, (whole) =>
        Array.isArray(whole) ? (whole as ConfigItem[]) : [],
      );
      return { items, total: answer.total ?? (items.complete ? items.first.length : undefined) };
    },
    // a new page is new data: comparing thousands of rows deeply costs more than it saves
    structuralSharing: false,
  });
}

/** The list's query; while another page or sort loads, the previous page stays on screen. */
export function useConfigList(request: ConfigListRequest) {
  return useQuery({ ...configListQueryOptions(request), placeholderData: keepPreviousData });
}
