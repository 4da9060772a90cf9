import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { ResourceIcon } from '../../../components/resource-icon';
import { TagList, tagsFromRecord } from '../../../components/tag-list';
import { useProgressiveList } from '../../../lib/api/progressive-list';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import type { ConfigItem } from '../api/catalog-types';
import { CONFIG_SORT_COLUMNS, useConfigList } from '../api/get-config-list';
import { activeFilterCount, type CatalogFilters } from './catalog-filter-params';
import { formatCost } from './cost';
import { HealthBadge } from './health-badge';
import { TableFrame } from './table-frame';

const NO_ITEMS: ConfigItem[] = [];

/** Open insights of an item: the sum of its counts by analysis type. */
export function insightCount(analysis: Record<string, number> | null | undefined): number {
  return Object.values(analysis ?? {}).reduce((sum, count) => sum + Number(count || 0), 0);
}

function useColumns(): ColumnDef<ConfigItem, unknown>[] {
  const format = useFormatDateTime();
  return useMemo(() => {
    const columns: ColumnDef<ConfigItem, unknown>[] = [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <Link
            to={`/catalog/${row.original.id}`}
            className="inline-flex max-w-full items-center gap-2 text-link hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            <ResourceIcon source={row.original} />
            <span className="truncate">{row.original.name ?? row.original.id}</span>
          </Link>
        ),
      },
      { id: 'type', header: 'Type', accessorKey: 'type' },
      {
        id: 'health',
        header: 'Health',
        accessorKey: 'health',
        cell: ({ row }) => <HealthBadge health={row.original.health} />,
      },
      { id: 'status', header: 'Status', accessorKey: 'status', cell: ({ row }) => row.original.status ?? '' },
      {
        id: 'tags',
        header: 'Tags',
        enableSorting: false,
        cell: ({ row }) => <TagList tags={tagsFromRecord(row.original.tags)} minRows={2} />,
      },
      {
        id: 'changes',
        header: 'Changes (7 Days)',
        enableSorting: false,
        cell: ({ row }) => row.original.changes || '',
      },
      {
        id: 'insights',
        header: 'Insights',
        enableSorting: false,
        cell: ({ row }) => insightCount(row.original.analysis) || '',
      },
      {
        id: 'cost_total_30d',
        header: 'Cost (30d)',
        accessorKey: 'cost_total_30d',
        cell: ({ row }) => formatCost(row.original.cost_total_30d),
      },
      dateTimeColumn('updated_at', 'Updated', format),
    ];
    return columns.map((column) => ({
      ...column,
      enableSorting: column.enableSorting ?? CONFIG_SORT_COLUMNS.includes(column.id ?? ''),
    }));
  }, [format]);
}

/**
 * The configuration items matching the filters: sorted and paged by the server (exact total),
 * rows drawn only while in view; reaching the end asks for a larger page.
 */
export function ConfigListTable({
  id = 'catalog-items',
  filters,
  scraperId,
  height = 'calc(100vh - 24rem)',
}: {
  id?: string;
  filters: CatalogFilters;
  scraperId?: string;
  height?: number | string;
}) {
  const url = useTableUrlState();
  const columns = useColumns();
  const navigate = useNavigate();
  const canWrite = useCan({ resource: 'config_scrapers', action: 'write' });
  const filtered = activeFilterCount(filters) > 0;
  const query = useConfigList({
    filters,
    scraperId,
    sorting: url.sorting,
    pageIndex: 0,
    pageSize: url.pageSize,
  });
  const { items, error } = useProgressiveList(query.data?.items);
  const rows = items ?? NO_ITEMS;
  const total = query.data?.total ?? rows.length;
  const failure = query.error ?? error;
  return (
    <div className="flex min-h-0 flex-col gap-2">
      {failure ? <ErrorPanel error={failure} onRetry={() => void query.refetch()} /> : null}
      <p className="text-xs text-fg-muted" aria-live="polite">
        {query.data ? `${total.toLocaleString()} items` : ''}
      </p>
      <TableFrame height={height}>
        <DataTable
          id={id}
          columns={columns}
          data={rows}
          total={total}
          mode="server"
          virtual
          height={height}
          loading={query.isPending}
          onRowClick={(row) => navigate(`/catalog/${row.id}`)}
          empty={
            filtered || scraperId ? (
              <EmptyState
                title={
                  filtered ? 'No configuration items match these filters' : 'This scraper has produced no items yet'
                }
              />
            ) : (
              <EmptyState
                title="No configuration items yet"
                action={canWrite ? { label: 'Add scraper', to: '/catalog/scrapers/new' } : undefined}
              >
                <p className="text-sm">Scrapers read your systems and files and fill the catalog.</p>
              </EmptyState>
            )
          }
        />
      </TableFrame>
    </div>
  );
}
