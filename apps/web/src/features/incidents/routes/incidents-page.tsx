import { capitalise, INCIDENT_SORT_COLUMNS, type IncidentSummary } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { useUrlParams } from '../../../lib/url-state';
import { useIncidents } from '../api/get-incidents';
import { SeverityBadge, StatusBadge } from '../components/badges';
import { DeclareIncidentDialog } from '../components/declare-incident-dialog';
import { IncidentFilters } from '../components/incident-filters';
import { INCIDENT_FILTER_KEYS, listParams } from '../components/list-params';

/** A timestamp in the default format ('2026-11-28 04:05:01.123') with the cell's padding. */
const TIMESTAMP_WIDTH = '12rem';
/**
 * The columns' widths (72rem) plus room for a title of ~40 characters: narrower, the list scrolls sideways
 * rather than cutting the title (it read 'Payments …' at 1280 px when every column had an equal share).
 */
const LIST_MIN_WIDTH = '90rem';

const sortable = (id: string) => (INCIDENT_SORT_COLUMNS as readonly string[]).includes(id);

function useColumns(): ColumnDef<IncidentSummary, unknown>[] {
  const format = useFormatDateTime();
  const columns: ColumnDef<IncidentSummary, unknown>[] = [
    {
      id: 'incident_id',
      header: 'ID',
      accessorKey: 'incident_id',
      meta: { width: '7rem' },
      cell: ({ row }) => <Link to={`/incidents/${row.original.id}`}>{row.original.incident_id}</Link>,
    },
    {
      id: 'title',
      header: 'Title',
      accessorKey: 'title',
      cell: ({ row }) => (
        <Link className="text-link hover:underline" to={`/incidents/${row.original.id}`}>
          {row.original.title}
        </Link>
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      accessorKey: 'severity',
      meta: { width: '6rem' },
      cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
    },
    {
      id: 'status',
      header: 'Status',
      accessorKey: 'status',
      meta: { width: '8.5rem' },
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'type',
      header: 'Type',
      accessorKey: 'type',
      meta: { width: '8rem' },
      cell: ({ row }) => capitalise(row.original.type),
    },
    {
      id: 'commander',
      header: 'Commander',
      enableSorting: false,
      meta: { width: '9.5rem' },
      cell: ({ row }) =>
        row.original.commander ? (
          <span className="inline-flex items-center gap-1">
            <Avatar user={row.original.commander} size="sm" />
            {row.original.commander.name}
          </span>
        ) : null,
    },
    {
      id: 'responders',
      header: 'Responders',
      enableSorting: false,
      meta: { width: '9rem' },
      cell: ({ row }) => row.original.responders.map((r) => r.name).join(', '),
    },
    { ...dateTimeColumn('created_at', 'Created', format), meta: { width: TIMESTAMP_WIDTH } },
    { ...dateTimeColumn('updated_at', 'Updated', format), meta: { width: TIMESTAMP_WIDTH } },
  ];
  return columns.map((column) => ({ ...column, enableSorting: column.enableSorting ?? sortable(column.id ?? '') }));
}

/**
 * /incidents: the incident list with filters and time range in the URL, server paging and sorting
 * (issue 7); people with incident write declare one from here (issue 12 §6), also through
 * `?declare=1`, and an empty list offers it.
 */
export function IncidentsPage() {
  const [params, setParams] = useUrlParams();
  const [range] = useTimeRangeParams();
  const query = useIncidents(listParams(params, range));
  const navigate = useNavigate();
  const columns = useColumns();
  const canWrite = useCan({ resource: 'incident', action: 'write' });
  const [declaringHere, setDeclaringHere] = useState(false);
  // `?declare=1` (the command palette's Declare incident) opens the dialog; closing it drops the flag
  const declaring = declaringHere || params.get('declare') === '1';
  const setDeclaring = (open: boolean) => {
    setDeclaringHere(open);
    if (!open && params.has('declare')) setParams({ declare: undefined });
  };
  const filtered = range !== undefined || INCIDENT_FILTER_KEYS.some((key) => params.get(key));
  return (
    <PageShell
      title="Incidents"
      extra={
        canWrite ? <PrimaryActionButton onClick={() => setDeclaring(true)}>Declare incident</PrimaryActionButton> : null
      }
    >
      <div className="flex flex-col gap-4 p-4">
        <IncidentFilters />
        {canWrite ? <DeclareIncidentDialog open={declaring} onClose={() => setDeclaring(false)} /> : null}
        {query.isError ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
        <DataTable
          id="incidents"
          columns={columns}
          data={query.data?.data ?? []}
          total={query.data?.total ?? 0}
          mode="server"
          minWidth={LIST_MIN_WIDTH}
          loading={query.isPending}
          onRowClick={(row) => navigate(`/incidents/${row.id}`)}
          empty={
            filtered ? undefined : (
              <EmptyState
                title="No incidents yet"
                action={canWrite ? { label: 'Declare incident', onAction: () => setDeclaring(true) } : undefined}
              />
            )
          }
        />
      </div>
    </PageShell>
  );
}
