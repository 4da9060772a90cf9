import { type FormEvent, useEffect, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { Modal } from '../../../components/modal';
import { useSession } from '../../../lib/api/shell-queries';
import { useCreateTeam } from '../api/teams';

const REQUIRED = 'This field is required';

/**
 * Create a team (issue 3 §7): name (required) and icon (default "group", 001 §3). Editing a team, its
 * members included, happens in the resource editor at /settings/teams/{id} (001 §2: Spec, Members,
 * Job History).
 */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const save = useCreateTeam(session.data?.user.id);
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('group');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName('');
    setIcon('group');
    setTouched(false);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    save.mutate({ name: name.trim(), icon: icon.trim() || 'group' }, { onSuccess: onClose });
  };

  return (
    <Modal open={open} onClose={onClose} title="Create Team" size="medium">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium text-fg">Name</span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            className="rounded border border-border-strong px-2 py-1.5"
          />
        </label>
        {touched && !name.trim() ? <span className="text-status-unhealthy">{REQUIRED}</span> : null}
        <label className="flex flex-col gap-1">
          <span className="font-medium text-fg">Icon</span>
          <input
            value={icon}
            onChange={(event) => setIcon(event.target.value)}
            className="rounded border border-border-strong px-2 py-1.5"
          />
        </label>
        <div className="flex justify-end gap-2">
          <DialogActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={save.isPending} />
        </div>
      </form>
    </Modal>
  );
}
