import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { RowDeleteButton } from '../../../components/data-table/row-delete-button';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { isManagedElsewhere, type TeamRow, useDeleteTeam, useTeams } from '../api/teams';
import { CreateTeamDialog } from '../components/create-team-dialog';

/**
 * /settings/teams (issue 3 §7): the teams with their member counts; Create Team and Delete; a row opens
 * the team in the resource editor (/settings/teams/{id}: Spec, Members, Job History, 001 §2). Write
 * controls show only with write on the team tables (the data API's `database` kind: editors and admins).
 */
export function TeamsPage() {
  const teams = useTeams();
  const canWrite = useCan({ resource: 'database', action: 'write' });
  const remove = useDeleteTeam();
  const format = useFormatDateTime();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TeamRow | null>(null);

  const columns = useMemo<ColumnDef<TeamRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'members', header: 'Members', accessorFn: (team) => team.team_members.length },
      { id: 'source', header: 'Source', accessorFn: (team) => team.source ?? 'UI' },
      dateTimeColumn('created_at', 'Created', format),
      dateTimeColumn('updated_at', 'Updated', format),
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) =>
          canWrite && !isManagedElsewhere(row.original) ? (
            <RowDeleteButton onDelete={() => setDeleting(row.original)} />
          ) : null,
      },
    ],
    [canWrite, format],
  );

  return (
    <PageShell
      title="Teams"
      onRefresh={() => void teams.refetch()}
      loading={teams.isFetching}
      extra={canWrite ? <PrimaryActionButton onClick={() => setCreating(true)}>Create Team</PrimaryActionButton> : null}
    >
      <div className="flex flex-col gap-4 p-4">
        {teams.isError ? <ErrorPanel error={teams.error} onRetry={() => void teams.refetch()} /> : null}
        <DataTable
          id="teams"
          columns={columns}
          data={teams.data ?? []}
          loading={teams.isPending}
          onRowClick={(team) => navigate(`/settings/teams/${team.id}`)}
        />
      </div>
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}`}
        description="Permissions given to the team stop applying to its members."
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </PageShell>
  );
}
