import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/api/shell-queries';
import { isManagedElsewhere, type TeamRow, useSaveTeam } from './api/teams';
import { TeamMembersPanel } from './team-members-panel';

const REQUIRED = 'This field is required';

/**
 * Create or edit a team (issue 3 §7): name and icon (default "group", 001 §3); editing also shows the
 * members panel. A team managed elsewhere (source not UI) is read-only; its members still show.
 */
export function TeamDialog({
  team,
  open,
  canWrite,
  onClose,
}: {
  team: TeamRow | null;
  open: boolean;
  canWrite: boolean;
  onClose: () => void;
}) {
  const session = useSession();
  const save = useSaveTeam(session.data?.user.id);
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('group');
  const [touched, setTouched] = useState(false);
  const readOnly = !canWrite || (team !== null && isManagedElsewhere(team));

  useEffect(() => {
    if (!open) return;
    setName(team?.name ?? '');
    setIcon(team?.icon ?? 'group');
    setTouched(false);
  }, [open, team]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    save.mutate({ id: team?.id, input: { name: name.trim(), icon: icon.trim() || 'group' } }, { onSuccess: onClose });
  };

  return (
    <Modal open={open} onClose={onClose} title={team ? team.name : 'Create Team'} size="medium">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium text-gray-700">Name</span>
          <input
            value={name}
            disabled={readOnly || team !== null}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            className="rounded border border-gray-300 px-2 py-1.5 disabled:bg-gray-50"
          />
        </label>
        {touched && !name.trim() ? <span className="text-red-600">{REQUIRED}</span> : null}
        <label className="flex flex-col gap-1">
          <span className="font-medium text-gray-700">Icon</span>
          <input
            value={icon}
            disabled={readOnly}
            onChange={(event) => setIcon(event.target.value)}
            className="rounded border border-gray-300 px-2 py-1.5 disabled:bg-gray-50"
          />
        </label>
        {team && isManagedElsewhere(team) ? (
          <p className="text-gray-600">This team is managed by {team.source} and is read-only here.</p>
        ) : null}
        {readOnly ? null : (
          <div className="flex justify-end gap-2">
            <button type="button" className="rounded border border-gray-300 px-3 py-1.5" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              disabled={save.isPending}
              className="inline-flex items-center gap-2 rounded bg-blue-600 px-3 py-1.5 text-white disabled:opacity-60"
            >
              {save.isPending ? <Spinner label="Saving…" className="size-3" /> : null}
              Save
            </button>
          </div>
        )}
      </form>
      {team ? (
        <div className="mt-4 border-t border-gray-200 pt-4">
          <h3 className="mb-2 text-sm font-semibold text-gray-900">Members</h3>
          <TeamMembersPanel teamId={team.id} />
        </div>
      ) : null}
    </Modal>
  );
}
