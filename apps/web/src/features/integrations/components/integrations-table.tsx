import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';
import { DateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import type { IntegrationRow } from '../api/get-integrations';
import { INTEGRATION_TYPES } from './integrations-query';

const typeLabel = (type: string) => INTEGRATION_TYPES.find((entry) => entry.value === type)?.label ?? type;

/** The last run's status as a word; integrations without scheduled jobs say so. */
function LastStatus({ row }: { row: IntegrationRow }) {
  if (!row.job_status) {
    return (
      <span className="text-fg-subtle">{row.integration_type === 'logging_backends' ? 'No job' : 'Not run yet'}</span>
    );
  }
  const failed = row.job_status !== 'SUCCESS' && row.job_status !== 'RUNNING';
  return <span className={failed ? 'text-status-unhealthy' : 'text-status-healthy'}>{row.job_status}</span>;
}

const columns: ColumnDef<IntegrationRow, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  {
    id: 'integration_type',
    accessorKey: 'integration_type',
    header: 'Type',
    cell: ({ row }) => typeLabel(row.original.integration_type),
  },
  { id: 'namespace', accessorKey: 'namespace', header: 'Namespace', enableSorting: false },
  { id: 'source', accessorKey: 'source', header: 'Source', enableSorting: false },
  {
    id: 'job_status',
    accessorKey: 'job_status',
    header: 'Last Status',
    cell: ({ row }) => <LastStatus row={row.original} />,
  },
  {
    id: 'job_time_start',
    accessorKey: 'job_time_start',
    header: 'Last Run',
    cell: ({ row }) => (row.original.job_time_start ? <DateTime value={row.original.job_time_start} /> : '—'),
  },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: 'Updated',
    cell: ({ row }) => <DateTime value={row.original.updated_at} />,
  },
];

/** One server page of integrations with their last status; a row opens the integration. */
export function IntegrationsTable({
  rows,
  total,
  loading,
  onOpen,
}: {
  rows: IntegrationRow[];
  total: number;
  loading: boolean;
  onOpen: (row: IntegrationRow) => void;
}) {
  return (
    <DataTable
      id="integrations"
      columns={columns}
      data={rows}
      total={total}
      mode="server"
      loading={loading}
      onRowClick={onOpen}
      empty={<EmptyState title="No integrations yet" />}
    />
  );
}
