import { type Connection, STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { connectionKeys } from './keys';

/** A row of the `connections_list` view: the connection contract without its secret and value columns. */
export type ConnectionListRow = Omit<
  Connection,
  'url' | 'username' | 'password' | 'certificate' | 'insecure_tls' | 'properties'
>;

/** One page of connections with the total (GET /api/db/connections_list, count from Content-Range). */
export function connectionsPageQuery(query: Record<string, string>) {
  return queryOptions({
    queryKey: connectionKeys.page(query),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<ConnectionListRow[]>('/api/db/connections_list', { query, signal, count: true });
      return { rows: answer.data ?? [], total: answer.total ?? answer.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** A page of connections for the built query. */
export function useConnectionsPage(query: Record<string, string>) {
  return useQuery(connectionsPageQuery(query));
}

/** Every connection's name, namespace and type, for the fields that refer to another connection. */
export function useConnectionNames() {
  return useQuery({
    queryKey: connectionKeys.names(),
    queryFn: ({ signal }) =>
      apiGet<Array<Pick<ConnectionListRow, 'id' | 'name' | 'namespace' | 'type'>>>('/api/db/connections_list', {
        signal,
        query: { select: 'id,name,namespace,type', order: 'name.asc' },
      }),
    staleTime: STALE_TIMES.default,
  });
}
