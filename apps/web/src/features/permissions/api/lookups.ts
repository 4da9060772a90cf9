import type { NamedRow } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';

/** Where each pickable subject or resource is read from (the data API), and what names it. */
export const LOOKUP_SOURCES = {
  person: { table: 'people_roles', select: 'id,name,email', keys: ['name'] },
  team: { table: 'teams', select: 'id,name', live: true, keys: ['name'] },
  notification: { table: 'notifications', select: 'id,name', live: true, keys: ['name', 'namespace'] },
  config: {
    table: 'config_items',
    select: 'id,name,type',
    live: true,
    keys: ['name', 'type', 'health', 'namespace'],
  },
  component: {
    table: 'components',
    select: 'id,name,type',
    live: true,
    keys: ['name', 'type', 'health', 'namespace'],
  },
  connection: { table: 'connections_list', select: 'id,name,type', keys: ['name', 'type', 'namespace'] },
  playbook: { table: 'playbooks', select: 'id,name,title', live: true, keys: ['name', 'namespace'] },
} as const;

/** A kind of thing the permission form picks. */
export type LookupKind = keyof typeof LOOKUP_SOURCES;

/** One option of a picker. */
export type LookupOption = Pick<NamedRow, 'id' | 'name' | 'type' | 'email'>;

/** The first 100 options of a kind matching the parsed search (resource-query.ts), by name (000 §9 list limit). */
export function lookupQuery(kind: LookupKind, filters: Record<string, string[]>) {
  const source = LOOKUP_SOURCES[kind];
  return queryOptions({
    queryKey: [...identityKeys.all, 'lookup', kind, filters] as const,
    queryFn: ({ signal }) =>
      apiGet<LookupOption[]>(`/api/db/${source.table}`, {
        signal,
        query: {
          select: source.select,
          order: 'name.asc',
          limit: 100,
          ...('live' in source ? { deleted_at: 'is.null' } : {}),
          ...filters,
        },
      }),
  });
}

/** The options of a picker as a query; none is asked while the search cannot be read (`filters` null). */
export function useLookup(kind: LookupKind, filters: Record<string, string[]> | null) {
  return useQuery({ ...lookupQuery(kind, filters ?? {}), enabled: filters !== null });
}
