import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import { useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useFormatDateTime } from '../../../lib/date-format';
import { decodeSelection } from '../../../lib/filters';
import { useUrlParams } from '../../../lib/url-state';
import type { ConfigChange } from '../api/catalog-types';
import { type ChangesRequest, useCatalogChanges } from '../api/get-config-changes';
import { type CatalogFilters, selectionParam, tagSelector } from './catalog-filter-params';
import { ChangeDetailModal, changeItemName } from './change-detail-modal';
import { TableFrame } from './table-frame';

/** Columns the changes search sorts by. */
const CHANGE_SORT_COLUMNS = ['created_at', 'change_type', 'summary', 'source', 'count'];

function useColumns(showItem: boolean): ColumnDef<ConfigChange, unknown>[] {
  const format = useFormatDateTime();
  return useMemo(() => {
    const columns: ColumnDef<ConfigChange, unknown>[] = [
      {
        id: 'created_at',
        header: 'Created',
        accessorKey: 'created_at',
        cell: ({ row }) => format(row.original.created_at),
      },
      ...(showItem
        ? [
            {
              id: 'item',
              header: 'Item',
              enableSorting: false,
              cell: ({ row }: { row: { original: ConfigChange } }) => (
                <Link
                  to={`/catalog/${row.original.config_id}`}
                  className="text-link hover:underline"
                  onClick={(event) => event.stopPropagation()}
                >
                  {changeItemName(row.original)}
                </Link>
              ),
            } satisfies ColumnDef<ConfigChange, unknown>,
            {
              id: 'config_type',
              header: 'Type',
              enableSorting: false,
              cell: ({ row }: { row: { original: ConfigChange } }) => row.original.type ?? '',
            } satisfies ColumnDef<ConfigChange, unknown>,
          ]
        : []),
      { id: 'change_type', header: 'Change', accessorKey: 'change_type' },
      { id: 'severity', header: 'Severity', accessorKey: 'severity', cell: ({ row }) => row.original.severity ?? '' },
      { id: 'summary', header: 'Summary', enableSorting: false, cell: ({ row }) => row.original.summary ?? '' },
      { id: 'count', header: 'Count', accessorKey: 'count', cell: ({ row }) => row.original.count ?? 1 },
      { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => row.original.source ?? '' },
    ];
    return columns.map((column) => ({
      ...column,
      enableSorting: column.enableSorting ?? CHANGE_SORT_COLUMNS.includes(column.id ?? ''),
    }));
  }, [format, showItem]);
}

/** The changes search body from the page: filters, change type and severity, window, sort and page size. */
export function changesRequest(
  params: URLSearchParams,
  filters: CatalogFilters,
  bounds: { from?: string; to?: string },
  pageSize: number,
  configId?: string,
): ChangesRequest {
  const sortBy = params.get('sortBy');
  const sort = sortBy && CHANGE_SORT_COLUMNS.includes(sortBy) ? sortBy : 'created_at';
  const desc = sortBy ? params.get('sortOrder') === 'desc' : true;
  return {
    ...(configId ? { id: configId } : {}),
    config_type: configId ? undefined : selectionParam(filters.type),
    type: selectionParam(decodeSelection(params.get('changeType'))),
    severity: params.get('severity') || undefined,
    ...bounds,
    tags: configId ? undefined : tagSelector(filters) || undefined,
    ...(configId ? { recursive: 'none' as const } : {}),
    page: 1,
    page_size: pageSize,
    sort_by: `${desc ? '-' : ''}${sort}`,
  };
}

/**
 * A virtual table of changes (the catalog's, or one item's): newest first, sorted and paged by the
 * server; a row opens the change with its diff. The open change is `changeId` in the URL.
 */
export function ChangesTable({
  filters,
  configId,
  since,
  height = 'calc(100vh - 16rem)',
}: {
  filters: CatalogFilters;
  configId?: string;
  /** Where the window starts when none is picked (an item's changes since it was first seen). */
  since?: string | null;
  height?: number | string;
}) {
  const [params, update] = useUrlParams();
  const [range] = useTimeRangeParams();
  const url = useTableUrlState();
  const bounds = useMemo(() => {
    const picked = rangeBounds(range);
    return picked.from || picked.to || !since ? picked : { from: since };
  }, [range, since]);
  const request = changesRequest(params, filters, bounds, url.pageSize, configId);
  const query = useCatalogChanges(request);
  const columns = useColumns(!configId);
  const openId = params.get('changeId');
  const open = query.data?.changes.find((change) => change.id === openId);
  return (
    <div className="flex min-h-0 flex-col gap-2">
      {query.isError ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
      <p className="text-xs text-fg-muted" aria-live="polite">
        {query.data ? `${query.data.total.toLocaleString()} changes` : ''}
      </p>
      <TableFrame height={height}>
        <DataTable
          id={configId ? 'config-changes' : 'catalog-changes'}
          columns={columns}
          data={query.data?.changes ?? []}
          total={query.data?.total ?? 0}
          mode="server"
          virtual
          height={height}
          loading={query.isPending}
          onRowClick={(row) => update({ changeId: row.id })}
          empty={<EmptyState title="No changes in this window" />}
        />
      </TableFrame>
      {open ? <ChangeDetailModal change={open} onClose={() => update({ changeId: undefined })} /> : null}
    </div>
  );
}
