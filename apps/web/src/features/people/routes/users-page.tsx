import { type RecoveryLink, ROLES } from '@mc/contracts';
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
import { Select } from '../../../components/ui/select';
import { useCan, useSession } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { useCreateRecoveryLink } from '../api/create-recovery-link';
import { type PersonRow, usePeople } from '../api/people';
import { useDeletePerson, useUpdateRole } from '../api/person-mutations';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { RecoveryLinkDialog } from '../components/recovery-link-dialog';

/** The role select of one row: people with write on rbac change others' roles; their own stays read-only. */
function RoleCell({ person, editable }: { person: PersonRow; editable: boolean }) {
  const update = useUpdateRole();
  const current = person.roles[0] ?? '';
  if (!editable) return <span>{person.roles.join(', ')}</span>;
  return (
    <Select
      label={`Role of ${person.name}`}
      hideLabel
      value={current}
      isDisabled={update.isPending}
      onChange={(role) => update.mutate({ person, role })}
      choices={[
        ...(current === '' ? [{ value: '', label: '—' }] : []),
        ...ROLES.map((role) => ({ value: role, label: role })),
      ]}
    />
  );
}

/**
 * /settings/users (issue 3 §7): everyone with their role, last sign-in and creation time; Invite User,
 * role change and delete for those allowed (write on identities to invite and delete, on rbac to change
 * roles — admins, by the matrix); administrators also create a person's recovery link to hand over when
 * mail cannot reach them. Nobody changes, deletes or recovers themselves here.
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
  const recovery = useCreateRecoveryLink();
  const [recovered, setRecovered] = useState<{ person: PersonRow; link: RecoveryLink } | null>(null);
  const me = session.data?.user.id;
  const isAdmin = session.data?.roles.includes('admin') ?? false;

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
          row.original.id === me ? null : (
            <span className="inline-flex items-center gap-2">
              {isAdmin ? (
                <button
                  type="button"
                  className="rounded border border-border-strong px-2 py-0.5 text-xs"
                  aria-label={`Recovery link for ${row.original.name}`}
                  disabled={recovery.isPending}
                  onClick={(event) => {
                    event.stopPropagation();
                    const person = row.original;
                    recovery.mutate(person.id, { onSuccess: (link) => setRecovered({ person, link }) });
                  }}
                >
                  Recovery link
                </button>
              ) : null}
              {canInvite ? <RowDeleteButton onDelete={() => setDeleting(row.original)} /> : null}
            </span>
          ),
      },
    ],
    [canChangeRoles, canInvite, format, me, isAdmin, recovery],
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
      {recovered ? (
        <RecoveryLinkDialog person={recovered.person} link={recovered.link} onClose={() => setRecovered(null)} />
      ) : null}
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
