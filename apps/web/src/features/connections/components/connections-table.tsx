import { connectionType } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';
import { DateTime } from '../../../components/date-time';
import { ResourceIcon } from '../../../components/resource-icon';
import type { ConnectionListRow } from '../api/get-connections';

const columns: ColumnDef<ConnectionListRow, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  {
    id: 'type',
    accessorKey: 'type',
    header: 'Type',
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-2">
        <ResourceIcon source={{ type: row.original.type }} />
        {connectionType(row.original.type)?.label ?? row.original.type}
      </span>
    ),
  },
  { id: 'namespace', accessorKey: 'namespace', header: 'Namespace' },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: 'Updated',
    cell: ({ row }) => <DateTime value={row.original.updated_at} />,
  },
];

/** The server-paged connections table; a row opens its connection. */
export function ConnectionsTable({
  rows,
  total,
  loading,
  onOpen,
}: {
  rows: ConnectionListRow[];
  total: number;
  loading: boolean;
  onOpen: (row: ConnectionListRow) => void;
}) {
  return (
    <DataTable
      id="connections"
      columns={columns}
      data={rows}
      mode="server"
      total={total}
      loading={loading}
      onRowClick={onOpen}
    />
  );
}
