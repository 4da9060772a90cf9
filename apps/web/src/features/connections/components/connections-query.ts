import type { SortingState } from '@tanstack/react-table';

const SORTABLE = new Set(['name', 'type', 'namespace', 'updated_at']);

/**
 * The data-API query of one page of connections: the table's page and sort (by name unless the user
 * sorts), and the type filter. Sorting ends on id so pages never overlap.
 */
export function connectionsQuery({
  pageIndex,
  pageSize,
  sorting,
  type,
}: {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  type?: string | null;
}): Record<string, string> {
  const sort = sorting[0];
  const order = sort && SORTABLE.has(sort.id) ? `${sort.id}.${sort.desc ? 'desc' : 'asc'}` : 'name.asc';
  return {
    select: 'id,name,namespace,type,source,created_by,created_at,updated_at',
    order: `${order},id.asc`,
    limit: String(pageSize),
    offset: String(pageIndex * pageSize),
    ...(type ? { type: `eq.${type}` } : {}),
  };
}
