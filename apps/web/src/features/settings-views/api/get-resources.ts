import { type DataApiRow, GENERIC_LIST_LIMIT, STALE_TIMES } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import type { EditableResource, ResourceType } from '../components/resource-model';
import { detailColumns, listColumns, rowToResource } from '../components/resource-rows';
import { resourceKeys } from './keys';

/** The list of a table (000 §7): ordered by name, at most 100, deleted rows left out by the data API. */
export function resourceListQuery(type: ResourceType) {
  return queryOptions({
    queryKey: resourceKeys.list(type.table),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<DataApiRow[]>(`/api/db/${type.table}`, {
        signal,
        query: { select: listColumns(type.table), order: 'name.asc', limit: GENERIC_LIST_LIMIT },
      });
      return rows.map((row) => rowToResource(type.table, row));
    },
    staleTime: STALE_TIMES.checkHistory,
  });
}

/** The resources of a table. */
export function useResourceList(type: ResourceType) {
  return useQuery(resourceListQuery(type));
}

/** One resource by id, or null when there is none (deleted or never existed). */
export function resourceQuery(type: ResourceType, id: string) {
  return queryOptions({
    queryKey: resourceKeys.detail(type.table, id),
    queryFn: async ({ signal }): Promise<EditableResource | null> => {
      const rows = await apiGet<DataApiRow[]>(`/api/db/${type.table}`, {
        signal,
        query: { select: detailColumns(type.table), id: `eq.${id}` },
      });
      const [row] = rows;
      return row ? rowToResource(type.table, row) : null;
    },
  });
}

/** One resource of a table; `enabled` false skips the call (an id that cannot exist). */
export function useResource(type: ResourceType, id: string, enabled = true) {
  return useQuery({ ...resourceQuery(type, id), enabled });
}
