import { useMemo, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { DialogActions } from '../../../components/dialog-actions';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { usePeople } from '../api/people';
import { type TeamMember, useAddTeamMembers } from '../api/team-members';

/**
 * The add-members dialog (001 §2 'Team members: a list with an add-members dialog'): people not yet in
 * the team, filtered by name or email, several at once. It closes once the members are added.
 */
export function AddMembersDialog({
  teamId,
  members,
  open,
  onClose,
}: {
  teamId: string;
  members: readonly TeamMember[];
  open: boolean;
  onClose: () => void;
}) {
  const people = usePeople();
  const add = useAddTeamMembers(teamId);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  const candidates = useMemo(() => {
    const inTeam = new Set(members.map((member) => member.id));
    const text = search.trim().toLowerCase();
    return (people.data ?? []).filter(
      (person) =>
        !inTeam.has(person.id) &&
        (!text || person.name.toLowerCase().includes(text) || (person.email ?? '').toLowerCase().includes(text)),
    );
  }, [people.data, members, search]);

  const close = () => {
    setSearch('');
    setChosen(new Set());
    onClose();
  };
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = () => {
    const picked = (people.data ?? []).filter((person) => chosen.has(person.id));
    add.mutate(picked, { onSuccess: close });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add Members"
      size="small"
      footer={
        <DialogActions
          onCancel={close}
          submitLabel="Add"
          busyLabel="Adding…"
          busy={add.isPending}
          disabled={chosen.size === 0}
          onSubmit={submit}
        />
      }
    >
      <label className="mb-3 block text-sm">
        <span className="mb-1 block font-medium text-fg">Search people</span>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name or email"
          className="w-full rounded border border-border-strong px-2 py-1.5"
        />
      </label>
      {people.isPending ? (
        <Skeleton shape="rows" count={3} label="Loading people" />
      ) : candidates.length === 0 ? (
        <p className="text-sm text-fg-subtle">No options found</p>
      ) : (
        <ul className="max-h-80 divide-y divide-border-muted overflow-auto">
          {candidates.map((person) => (
            <li key={person.id}>
              <label className="flex cursor-pointer items-center gap-3 px-1 py-2 text-sm">
                <input
                  type="checkbox"
                  aria-label={person.name}
                  checked={chosen.has(person.id)}
                  onChange={() => toggle(person.id)}
                />
                <Avatar user={person} size="sm" />
                <span className="flex-1">
                  <span className="block font-medium text-fg">{person.name}</span>
                  {person.email ? <span className="block text-fg-subtle">{person.email}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
