import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';
import { DateTime } from '../../../components/date-time';
import { StatusDot } from '../../../components/status-dot';
import type { AgentRow } from '../api/get-agents';

const count = (value: number) => String(Number(value));

const columns: ColumnDef<AgentRow, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  {
    id: 'health',
    accessorKey: 'health',
    header: 'Health',
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-1.5">
        <StatusDot status={row.original.health} />
        {row.original.health}
      </span>
    ),
  },
  {
    id: 'last_seen',
    accessorKey: 'last_seen',
    header: 'Last Seen',
    cell: ({ row }) => (row.original.last_seen ? <DateTime value={row.original.last_seen} /> : 'Never'),
  },
  { id: 'version', accessorKey: 'version', header: 'Version' },
  {
    id: 'config_count',
    accessorKey: 'config_count',
    header: 'Configs',
    cell: ({ row }) => count(row.original.config_count),
  },
  {
    id: 'config_scrapper_count',
    accessorKey: 'config_scrapper_count',
    header: 'Scrapers',
    cell: ({ row }) => count(row.original.config_scrapper_count),
  },
  {
    id: 'checks_count',
    accessorKey: 'checks_count',
    header: 'Checks',
    cell: ({ row }) => count(row.original.checks_count),
  },
  {
    id: 'playbook_runs_count',
    accessorKey: 'playbook_runs_count',
    header: 'Playbook Runs',
    cell: ({ row }) => count(row.original.playbook_runs_count),
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: 'Created',
    cell: ({ row }) => <DateTime value={row.original.created_at} />,
  },
];

/** The agents with their health and counts; a row opens its agent. */
export function AgentsTable({
  rows,
  loading,
  onOpen,
}: {
  rows: AgentRow[];
  loading: boolean;
  onOpen: (row: AgentRow) => void;
}) {
  return <DataTable id="agents" columns={columns} data={rows} loading={loading} onRowClick={onOpen} />;
}
