import { TEAM_MESSAGES } from '@mc/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { AsyncIconButton } from '../../../components/async-icon-button';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { Skeleton } from '../../../components/skeleton';
import { useCan } from '../../../lib/api/shell-queries';
import { useRemoveTeamMember, useTeamMembers } from '../api/team-members';
import { AddMembersDialog } from './add-members-dialog';

/**
 * The members of one team (001 §2 'Team members'; the teams resource editor's Members tab): the list,
 * an add-members dialog and a remove button per member, with the spec's toasts and empty state. The
 * write controls show only to people who may write the team tables (the data API's `database` kind).
 */
export function TeamMembersPanel({ teamId }: { teamId: string }) {
  const members = useTeamMembers(teamId);
  const remove = useRemoveTeamMember(teamId);
  const canWrite = useCan({ resource: 'database', action: 'write' });
  const [adding, setAdding] = useState(false);
  const list = members.data ?? [];

  return (
    <section aria-label="Team members" className="flex flex-col gap-3">
      {canWrite ? (
        <div className="flex justify-end">
          <PrimaryActionButton onClick={() => setAdding(true)}>Add Members</PrimaryActionButton>
        </div>
      ) : null}
      {members.isPending ? (
        <Skeleton shape="rows" count={3} label="Loading members" />
      ) : members.isError ? (
        <ErrorPanel error={members.error} onRetry={() => void members.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={TEAM_MESSAGES.membersEmpty} />
      ) : (
        <ul className="divide-y divide-border-muted rounded border border-border bg-surface">
          {list.map((member) => (
            <li key={member.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <Avatar user={member} size="sm" />
              <span className="flex-1">
                <span className="block font-medium text-fg">{member.name}</span>
                {member.email ? <span className="block text-fg-subtle">{member.email}</span> : null}
              </span>
              {canWrite ? (
                <AsyncIconButton
                  label={`Remove ${member.name}`}
                  icon={<X aria-hidden="true" className="size-4" />}
                  onClick={() => remove.mutateAsync(member)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AddMembersDialog teamId={teamId} members={list} open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
