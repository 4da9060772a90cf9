import { PERMISSION_MESSAGES, type PermissionInput, type PermissionPage, type PermissionSummary } from '@mc/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';
import { toastSuccess } from '../../../lib/toast';

/** Something a permission links, by id and name. */
export type Linked = NonNullable<PermissionSummary['person' | 'team' | 'catalog' | 'playbook' | 'createdBy']>;

/** A permission row with its links, as `GET /api/permissions` answers (001 §3). */
export type PermissionRow = PermissionSummary;

/** One page of permissions and the total (001 §7 'paginated summary … returns data and totalEntries'). */
export type { PermissionPage };

/** Narrows the list to one subject's or one resource's rows, e.g. `{ playbook_id }`. */
export type PermissionListFilter = Partial<Record<'person_id' | 'team_id' | 'config_id' | 'playbook_id', string>>;

/** GET /api/permissions?pageIndex&pageSize: server-paginated, newest first. */
export function permissionsQuery(page: { pageIndex: number; pageSize: number }, filter: PermissionListFilter = {}) {
  const params = { ...page, ...filter };
  return queryOptions({
    queryKey: identityKeys.permissions(params),
    queryFn: ({ signal }) => apiGet<PermissionPage>('/api/permissions', { signal, query: params }),
    placeholderData: keepPreviousData,
  });
}

/** A page of permissions as a query. */
export function usePermissions(page: { pageIndex: number; pageSize: number }, filter?: PermissionListFilter) {
  return useQuery(permissionsQuery(page, filter));
}

const refresh = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['identity', 'permissions'] });

/** POST (no id) or PATCH (id) a permission; toasts 'Permission added' or 'Permission updated' (001 §8). */
export function useSavePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: PermissionInput }) => {
      if (id) await apiRequest(`/api/permissions/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
      else await apiRequest('/api/permissions', { method: 'POST', body: input });
      return id;
    },
    onSuccess: (id) => {
      toastSuccess(id ? PERMISSION_MESSAGES.updated : PERMISSION_MESSAGES.added);
      return refresh(client);
    },
  });
}

/** DELETE a permission by id; toasts 'Permission deleted' (001 §8). */
export function useDeletePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/permissions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.deleted);
      return refresh(client);
    },
  });
}
