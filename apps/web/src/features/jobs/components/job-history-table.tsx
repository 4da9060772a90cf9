import { DEFAULT_TABLE_PAGE_SIZE } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { ErrorPanel } from '../../../components/error-panel';
import { useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
import { useUrlParams } from '../../../lib/url-state';
import { useJobHistoryPage } from '../api/get-job-history';
import { JobDetailsModal } from './job-details-modal';
import { DEFAULT_JOB_RANGE, DEFAULT_STATUS_FILTER, type JobHistoryRow, jobResourceLink } from './job-history-options';
import { jobHistoryQuery } from './job-history-query';
import { JobStatusBadge } from './job-status-badge';

function ResourceCell({ row }: { row: JobHistoryRow }) {
  const label = row.resource_name ?? row.resource_id ?? '';
  const link = jobResourceLink(row);
  if (!link) return <span>{label}</span>;
  return (
    <Link
      to={link}
      className="text-link hover:underline"
      onClick={(event) => event.stopPropagation()}
      aria-label={`Open ${label}`}
    >
      {label}
    </Link>
  );
}

function useColumns(): ColumnDef<JobHistoryRow, unknown>[] {
  const format = useFormatDateTime();
  return useMemo<ColumnDef<JobHistoryRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Job Name', accessorKey: 'name', enableSorting: false },
      { id: 'resource', header: 'Resource', cell: ({ row }) => <ResourceCell row={row.original} /> },
      { id: 'agent', header: 'Agent', cell: ({ row }) => row.original.agent?.name ?? '', meta: { width: '6rem' } },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <JobStatusBadge status={row.original.status} />,
        meta: { width: '7rem' },
      },
      {
        id: 'time_start',
        header: 'Started',
        cell: ({ row }) => format(row.original.time_start),
        meta: { width: '11.5rem' },
      },
      {
        id: 'duration',
        header: 'Duration',
        cell: ({ row }) => formatDuration(row.original.duration_millis),
        meta: { width: '6rem' },
      },
      {
        id: 'success_count',
        header: 'Success Count',
        accessorKey: 'success_count',
        enableSorting: false,
        meta: { width: '7.5rem' },
      },
      {
        id: 'error_count',
        header: 'Error Count',
        accessorKey: 'error_count',
        enableSorting: false,
        meta: { width: '6.5rem' },
      },
    ],
    [format],
  );
}

/**
 * The job history table (001 §2): one server page of `job_histories` for the URL's filters, newest
 * first, 150 rows by default (pageSize in the URL); a row opens its details. `fixed` narrows it for
 * a resource's Job History tab, which shows every status unless the URL says otherwise.
 */
export function JobHistoryTable({ id, fixed }: { id: string; fixed?: Record<string, string> }) {
  const [params] = useUrlParams();
  const [range] = useTimeRangeParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params object changes identity each render; its text is the real dependency
  const query = useMemo(
    () => jobHistoryQuery(params, range ?? DEFAULT_JOB_RANGE, fixed, Date.now(), fixed ? {} : DEFAULT_STATUS_FILTER),
    [key, range, fixed],
  );
  const page = useJobHistoryPage(query);
  const columns = useColumns();
  const [selected, setSelected] = useState<JobHistoryRow | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {page.isError ? <ErrorPanel error={page.error} onRetry={() => void page.refetch()} /> : null}
      <DataTable
        id={id}
        columns={columns}
        data={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        mode="server"
        loading={page.isPending}
        defaultPageSize={DEFAULT_TABLE_PAGE_SIZE}
        onRowClick={setSelected}
      />
      <JobDetailsModal job={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
