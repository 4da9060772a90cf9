import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Avatar } from '../../../components/avatar';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { ErrorPanel } from '../../../components/error-panel';
import { useFormatDateTime } from '../../../lib/date-format';
import { type PermissionListFilter, type PermissionRow, usePermissions } from '../api/permissions';

/** Who a row applies to: the person, team or notification by name. */
export function subjectText(row: PermissionRow): string {
  if (row.person) return row.person.name;
  if (row.team) return `Team: ${row.team.name}`;
  if (row.notification) return `Notification: ${row.notification.name}`;
  return '';
}

/** What a row is about: a global object, or one resource by kind and name. */
export function resourceText(row: PermissionRow): string {
  if (row.object) return row.object;
  const named: Array<[string, { name: string | null } | null]> = [
    ['Catalog', row.catalog],
    ['Component', row.component],
    ['Connection', row.connection],
    ['Playbook', row.playbook],
    ['Canary', row.canary],
    ['Check', row.check],
  ];
  const found = named.find(([, link]) => link);
  return found ? `${found[0]}: ${found[1]?.name}` : '';
}

/**
 * The server-paginated permissions table (001 §2): Subject, Resource (hidden with `hideResource`, e.g.
 * on a resource's own page), Action, Description, Updated, Created, Created By. A row click opens it.
 */
export function PermissionsTable({
  filter,
  hideResource = false,
  onRowClick,
}: {
  filter?: PermissionListFilter;
  hideResource?: boolean;
  onRowClick: (row: PermissionRow) => void;
}) {
  const { pageIndex, pageSize } = useTableUrlState();
  const page = usePermissions({ pageIndex, pageSize }, filter);
  const format = useFormatDateTime();
  const columns = useMemo<ColumnDef<PermissionRow, unknown>[]>(() => {
    const all: ColumnDef<PermissionRow, unknown>[] = [
      { id: 'subject', header: 'Subject', accessorFn: subjectText, enableSorting: false },
      { id: 'resource', header: 'Resource', accessorFn: resourceText, enableSorting: false },
      {
        id: 'action',
        header: 'Action',
        enableSorting: false,
        accessorKey: 'action',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-1">
            {row.original.action}
            {row.original.deny ? (
              <span className="rounded bg-status-unhealthy-soft px-1 text-xs text-status-unhealthy">deny</span>
            ) : null}
            {row.original.until ? (
              <span className="text-xs text-fg-subtle">until {format(row.original.until)}</span>
            ) : null}
          </span>
        ),
      },
      { id: 'description', header: 'Description', accessorFn: (row) => row.description ?? '', enableSorting: false },
      dateTimeColumn('updated_at', 'Updated', format, { enableSorting: false }),
      dateTimeColumn('created_at', 'Created', format, { enableSorting: false }),
      {
        id: 'created_by',
        header: 'Created By',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.createdBy ? (
            <span className="inline-flex items-center gap-1">
              <Avatar user={row.original.createdBy} size="sm" />
              {row.original.createdBy.name}
            </span>
          ) : null,
      },
    ];
    return hideResource ? all.filter((column) => column.id !== 'resource') : all;
  }, [format, hideResource]);
  return (
    <>
      {page.isError ? <ErrorPanel error={page.error} onRetry={() => void page.refetch()} /> : null}
      <DataTable
        id="permissions"
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.totalEntries ?? 0}
        mode="server"
        loading={page.isPending}
        onRowClick={onRowClick}
      />
    </>
  );
}
