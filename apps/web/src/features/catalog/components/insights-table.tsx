import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { Select } from '../../../components/ui/select';
import { useFormatDateTime } from '../../../lib/date-format';
import { useUrlParams } from '../../../lib/url-state';
import type { ConfigInsight } from '../api/catalog-types';
import { INSIGHT_SORT_COLUMNS, useConfigInsights } from '../api/get-config-insights';
import { AttachEvidence } from './attach-evidence';
import type { CatalogFilters } from './catalog-filter-params';
import { ConfigDocument } from './config-document';
import { displayLine } from './safe-text';
import { TableFrame } from './table-frame';

/** Statuses an insight list offers: open (default), resolved, silenced, or all. */
export const INSIGHT_STATUSES = ['open', 'resolved', 'silenced', 'all'] as const;

function useColumns(showItem: boolean): ColumnDef<ConfigInsight, unknown>[] {
  const format = useFormatDateTime();
  return useMemo(() => {
    const columns: ColumnDef<ConfigInsight, unknown>[] = [
      ...(showItem
        ? [
            {
              id: 'item',
              header: 'Item',
              enableSorting: false,
              cell: ({ row }: { row: { original: ConfigInsight } }) => (
                <Link
                  to={`/catalog/${row.original.config_id}`}
                  className="text-link hover:underline"
                  onClick={(event) => event.stopPropagation()}
                >
                  {row.original.config_name ?? row.original.config_id}
                </Link>
              ),
            } satisfies ColumnDef<ConfigInsight, unknown>,
          ]
        : []),
      { id: 'analyzer', header: 'Analyzer', accessorKey: 'analyzer' },
      { id: 'analysis_type', header: 'Type', accessorKey: 'analysis_type' },
      { id: 'severity', header: 'Severity', accessorKey: 'severity' },
      { id: 'status', header: 'Status', accessorKey: 'status' },
      {
        id: 'message',
        header: 'Message',
        enableSorting: false,
        cell: ({ row }) => displayLine(row.original.message ?? row.original.summary ?? '', 300),
      },
      dateTimeColumn('first_observed', 'First Observed', format),
      dateTimeColumn('last_observed', 'Last Observed', format),
    ];
    return columns.map((column) => ({
      ...column,
      enableSorting: column.enableSorting ?? INSIGHT_SORT_COLUMNS.includes(column.id ?? ''),
    }));
  }, [format, showItem]);
}

function InsightModal({ insight, onClose }: { insight: ConfigInsight; onClose: () => void }) {
  const item = insight.config_name ?? insight.config_id;
  return (
    <Modal open onClose={onClose} title={`${insight.analyzer} — ${item}`} size="large">
      <div className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <p className="whitespace-pre-wrap break-words text-sm">{displayLine(insight.message ?? '', 20_000)}</p>
          <AttachEvidence
            target={{
              type: 'config_analysis',
              config_analysis_id: insight.id,
              config_id: insight.config_id,
              description: `${insight.analyzer} on ${item}`,
            }}
          />
        </div>
        {insight.analysis ? <ConfigDocument value={insight.analysis} height={320} /> : null}
      </div>
    </Modal>
  );
}

/**
 * Insights (config analysis) of the filtered items, or of one item: by analyzer, type, severity and
 * status; a row opens the insight with Attach as Evidence. The open insight is `insightId` in the URL.
 */
export function InsightsTable({
  filters,
  configId,
  height = 'calc(100vh - 16rem)',
}: {
  filters: CatalogFilters;
  configId?: string;
  height?: number | string;
}) {
  const [params, update] = useUrlParams();
  const url = useTableUrlState();
  const status = params.get('insightStatus') ?? 'open';
  const query = useConfigInsights({
    filters,
    configId,
    status,
    sorting: url.sorting,
    pageIndex: 0,
    pageSize: url.pageSize,
  });
  const columns = useColumns(!configId);
  const openId = params.get('insightId');
  const open = query.data?.data.find((insight) => insight.id === openId);
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <div className="flex items-center gap-2 text-sm">
        <span aria-hidden="true">Status</span>
        <Select
          label="Insight status"
          hideLabel
          value={status}
          onChange={(next) => update({ insightStatus: next === 'open' ? undefined : next })}
          choices={INSIGHT_STATUSES.map((value) => ({ value, label: value === 'all' ? 'All' : value }))}
        />
      </div>
      {query.isError ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
      <p className="text-xs text-fg-muted" aria-live="polite">
        {query.data ? `${query.data.total.toLocaleString()} insights` : ''}
      </p>
      <TableFrame height={height}>
        <DataTable
          id={configId ? 'config-insights' : 'catalog-insights'}
          columns={columns}
          data={query.data?.data ?? []}
          total={query.data?.total ?? 0}
          mode="server"
          virtual
          height={height}
          loading={query.isPending}
          onRowClick={(row) => update({ insightId: row.id })}
          empty={<EmptyState title={status === 'open' ? 'No open insights' : 'No insights'} />}
        />
      </TableFrame>
      {open ? <InsightModal insight={open} onClose={() => update({ insightId: undefined })} /> : null}
    </div>
  );
}
