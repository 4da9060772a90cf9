import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';

/** Where each pickable subject or resource is read from (the data API), and what names it. */
export const LOOKUP_SOURCES = {
  person: { table: 'people_roles', select: 'id,name,email' },
  team: { table: 'teams', select: 'id,name', live: true },
  notification: { table: 'notifications', select: 'id,name', live: true },
  config: { table: 'config_items', select: 'id,name,type', live: true },
  component: { table: 'components', select: 'id,name,type', live: true },
  connection: { table: 'connections_list', select: 'id,name,type' },
  playbook: { table: 'playbooks', select: 'id,name,title', live: true },
} as const;

/** A kind of thing the permission form picks. */
export type LookupKind = keyof typeof LOOKUP_SOURCES;

/** One option of a picker. */
export interface LookupOption {
  id: string;
  name: string;
  type?: string | null;
  email?: string | null;
}

/** The first 100 options of a kind whose name contains `search`, by name (000 §9 list limit). */
export function lookupQuery(kind: LookupKind, search: string) {
  const source = LOOKUP_SOURCES[kind];
  return queryOptions({
    queryKey: [...identityKeys.all, 'lookup', kind, search] as const,
    queryFn: ({ signal }) =>
      apiGet<LookupOption[]>(`/api/db/${source.table}`, {
        signal,
        query: {
          select: source.select,
          order: 'name.asc',
          limit: 100,
          ...('live' in source ? { deleted_at: 'is.null' } : {}),
          ...(search ? { name: `ilike.*${search}*` } : {}),
        },
      }),
  });
}

/** The options of a picker as a query. */
export function useLookup(kind: LookupKind, search: string) {
  return useQuery(lookupQuery(kind, search));
}
