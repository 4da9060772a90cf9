import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';
import { DateTime } from '../../../components/date-time';
import { TruncatedText } from '../../../components/truncated-text';
import type { EventQueueSummaryRow } from '../api/get-event-queue-summary';

const number = (value: number | null) => (value === null ? '' : String(Number(value)));

const columns: ColumnDef<EventQueueSummaryRow, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'pending', accessorKey: 'pending', header: 'Pending', cell: ({ row }) => number(row.original.pending) },
  {
    id: 'failed',
    accessorKey: 'failed',
    header: 'Failed',
    cell: ({ row }) => (
      <span className={Number(row.original.failed) > 0 ? 'font-medium text-status-unhealthy' : undefined}>
        {number(row.original.failed)}
      </span>
    ),
  },
  {
    id: 'average_attempts',
    accessorKey: 'average_attempts',
    header: 'Average Attempts',
    cell: ({ row }) => number(row.original.average_attempts),
  },
  {
    id: 'first_failure',
    accessorKey: 'first_failure',
    header: 'First Failure',
    cell: ({ row }) => <DateTime value={row.original.first_failure} />,
  },
  {
    id: 'last_failure',
    accessorKey: 'last_failure',
    header: 'Last Failure',
    cell: ({ row }) => <DateTime value={row.original.last_failure} />,
  },
  {
    id: 'most_common_error',
    accessorKey: 'most_common_error',
    header: 'Most Common Error',
    enableSorting: false,
    cell: ({ row }) => <TruncatedText text={row.original.most_common_error ?? ''} max={120} />,
  },
  {
    id: 'dead_letter',
    accessorKey: 'dead_letter',
    header: 'Dead Letters',
    cell: ({ row }) => (
      <span className={Number(row.original.dead_letter) > 0 ? 'font-medium text-status-unhealthy' : undefined}>
        {number(row.original.dead_letter ?? 0)}
      </span>
    ),
  },
];

/** The event queue summary, one row per event name, sortable in the browser. */
export function EventQueueTable({ rows, loading }: { rows: EventQueueSummaryRow[]; loading: boolean }) {
  return <DataTable id="event-queue" columns={columns} data={rows} loading={loading} />;
}
