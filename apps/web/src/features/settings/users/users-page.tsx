import { ROLES } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { RowDeleteButton } from '../../../components/data-table/row-delete-button';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { useCan, useSession } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { type PersonRow, usePeople } from './api/people';
import { useDeletePerson, useUpdateRole } from './api/person-mutations';
import { InviteUserDialog } from './invite-user-dialog';

/** The role select of one row: people with write on rbac change others' roles; their own stays read-only. */
function RoleCell({ person, editable }: { person: PersonRow; editable: boolean }) {
  const update = useUpdateRole();
  const current = person.roles[0] ?? '';
  if (!editable) return <span>{person.roles.join(', ')}</span>;
  return (
    <select
      aria-label={`Role of ${person.name}`}
      value={current}
      disabled={update.isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => update.mutate({ person, role: event.target.value })}
      className="rounded border border-border-strong px-1 py-0.5 text-sm"
    >
      {current === '' ? <option value="">—</option> : null}
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}

/**
 * /settings/users (issue 3 §7): everyone with their role, last sign-in and creation time; Invite User,
 * role change and delete for those allowed (write on identities to invite and delete, on rbac to change
 * roles — admins, by the matrix). Nobody changes or deletes themselves here.
 */
export function UsersPage() {
  const people = usePeople();
  const session = useSession();
  const canInvite = useCan({ resource: 'identities', action: 'write' });
  const canChangeRoles = useCan({ resource: 'rbac', action: 'write' });
  const remove = useDeletePerson();
  const format = useFormatDateTime();
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<PersonRow | null>(null);
  const me = session.data?.user.id;

  const columns = useMemo<ColumnDef<PersonRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-2">
            <Avatar user={row.original} size="sm" />
            {row.original.name}
          </span>
        ),
      },
      { id: 'email', header: 'Email', accessorFn: (person) => person.email ?? '' },
      {
        id: 'roles',
        header: 'Role',
        accessorFn: (person) => person.roles.join(', '),
        cell: ({ row }) => <RoleCell person={row.original} editable={canChangeRoles && row.original.id !== me} />,
      },
      dateTimeColumn('last_login', 'Last Login', format),
      dateTimeColumn('created_at', 'Created', format),
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) =>
          canInvite && row.original.id !== me ? <RowDeleteButton onDelete={() => setDeleting(row.original)} /> : null,
      },
    ],
    [canChangeRoles, canInvite, format, me],
  );

  return (
    <PageShell
      title="Users"
      onRefresh={() => void people.refetch()}
      loading={people.isFetching}
      extra={
        canInvite ? <PrimaryActionButton onClick={() => setInviting(true)}>Invite User</PrimaryActionButton> : null
      }
    >
      <div className="flex flex-col gap-4 p-4">
        {people.isError ? <ErrorPanel error={people.error} onRetry={() => void people.refetch()} /> : null}
        <DataTable id="users" columns={columns} data={people.data ?? []} loading={people.isPending} />
      </div>
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}`}
        description="They lose access at once and cannot sign in again unless invited anew."
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </PageShell>
  );
}
