import type { ColumnDef } from '@tanstack/react-table';

/**
 * A table column for one timestamp field of the row (Created, Updated, Last Login…), shown with the
 * viewer's date format and zone — pass `useFormatDateTime()` — and empty when the field is. The
 * column id is the field name, which is also what server-side sorting sends.
 */
export function dateTimeColumn<T extends Record<K, string | null | undefined>, K extends keyof T & string>(
  key: K,
  header: string,
  format: (value: string | null | undefined) => string,
  options: { enableSorting?: boolean } = {},
): ColumnDef<T, unknown> {
  return {
    id: key,
    header,
    accessorFn: (row) => row[key],
    cell: ({ row }) => format(row.original[key]),
    ...options,
  };
}
