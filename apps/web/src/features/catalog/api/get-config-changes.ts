import type { CatalogChange, CatalogChangesResponse } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import type { ConfigChangeDetail } from './catalog-types';
import { catalogKeys } from './keys';

/** The body of `POST /api/catalog/changes` (000 §7). */
export interface ChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
  sort_by?: string;
  tags?: string;
  recursive?: 'all' | 'upstream' | 'downstream' | 'none';
  depth?: number;
  include_deleted_configs?: boolean;
}

/** What the changes search answers: a page of changes and the total. */
export type ChangesPage = Pick<CatalogChangesResponse, 'changes' | 'total'>;

/** Removes unset fields so the server sees only what the user chose. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== ''),
  ) as Partial<T>; // the same keys, fewer of them
}

/** `POST /api/catalog/changes`: a page of changes by item, type, severity, window and tags. */
export function useCatalogChanges(request: ChangesRequest, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.changes(request),
    queryFn: async ({ signal }): Promise<ChangesPage> => {
      const answer = await apiRequest<Partial<CatalogChangesResponse> | CatalogChange[]>('/api/catalog/changes', {
        method: 'POST',
        signal,
        body: defined(request),
      });
      if (Array.isArray(answer.data)) return { changes: answer.data, total: answer.data.length };
      const changes = answer.data.changes ?? [];
      return { changes, total: answer.data.total ?? changes.length };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Columns of one change with its stored diff, patch and details. */
const CHANGE_SELECT =
  'id,config_id,change_type,severity,summary,source,created_at,created_by,external_created_by,count,first_observed,diff,patches,details';

/** One change with its documents (`/api/db/config_changes?id=eq.{id}`), read when it is opened. */
export function useConfigChange(id: string | null) {
  return useQuery({
    queryKey: catalogKeys.change(id ?? ''),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<ConfigChangeDetail[]>('/api/db/config_changes', {
        signal,
        query: { id: `eq.${id}`, select: CHANGE_SELECT },
      });
      return rows[0] ?? null;
    },
    // the patch and details may be as deep as the document: no recursive comparison with the old answer
    structuralSharing: false,
    enabled: Boolean(id),
  });
}
