import type { Property } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';
import { DateTime } from '../../../components/date-time';
import { flagEffect } from './flag-effects';

const columns: ColumnDef<Property, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'value', accessorKey: 'value', header: 'Value' },
  {
    id: 'effect',
    header: 'Effect',
    enableSorting: false,
    cell: ({ row }) => flagEffect(row.original.name, row.original.value),
  },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: 'Updated',
    cell: ({ row }) => <DateTime value={row.original.updated_at} />,
  },
];

/** The properties, sorted by name; a row opens its property. */
export function PropertiesTable({
  rows,
  loading,
  onOpen,
}: {
  rows: Property[];
  loading: boolean;
  onOpen: (row: Property) => void;
}) {
  return <DataTable id="properties" columns={columns} data={rows} loading={loading} onRowClick={onOpen} />;
}
