import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { Select } from '../../components/ui/select';
import { activeOrganizationId, chooseOrganization, ORGS_SWITCHED_PATH } from './active-organization';
import {
  createOrganization,
  listMembers,
  listOrganizations,
  ORG_ROLES,
  type OrgRole,
  organizationsKey,
  putMember,
  removeMember,
} from './organizations-api';

const inputClass = 'rounded border border-border bg-canvas px-2 py-1 text-sm';
const buttonClass = 'rounded border border-border px-2 py-1 text-sm hover:bg-surface-hover disabled:opacity-50';

function useSwitchTo() {
  const navigate = useNavigate();
  return (orgId: string) => {
    chooseOrganization(orgId);
    navigate(ORGS_SWITCHED_PATH);
  };
}

/** Creates an organisation (the person becomes its owner) and switches to it. */
export function CreateOrganizationForm() {
  const [name, setName] = useState('');
  const switchTo = useSwitchTo();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createOrganization(name.trim()),
    onSuccess: async (org) => {
      await queryClient.invalidateQueries({ queryKey: organizationsKey });
      switchTo(org.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2" aria-label="Create organisation">
      <input
        className={inputClass}
        aria-label="Organisation name"
        placeholder="Organisation name"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={buttonClass} disabled={!name.trim() || create.isPending}>
        Create organisation
      </button>
      {create.error ? (
        <span role="alert" className="text-sm text-status-unhealthy">
          {create.error.message}
        </span>
      ) : null}
    </form>
  );
}

function MembersDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = ['organizations', orgId, 'members'];
  const members = useQuery({ queryKey: key, queryFn: () => listMembers(orgId) });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const add = useMutation({
    mutationFn: () => putMember(orgId, email.trim(), role),
    onSuccess: (rows) => {
      queryClient.setQueryData(key, rows);
      setEmail('');
    },
  });
  const remove = useMutation({
    mutationFn: (personId: string) => removeMember(orgId, personId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const error = add.error ?? remove.error ?? members.error;
  return (
    <Modal open onClose={onClose} title="Members">
      <ul className="flex flex-col gap-1" aria-label="Members">
        {(members.data ?? []).map((member) => (
          <li key={member.person_id} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {member.name} {member.email ? <span className="text-fg-muted">({member.email})</span> : null} ·{' '}
              {member.role}
            </span>
            <button type="button" className={buttonClass} onClick={() => remove.mutate(member.person_id)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="mt-3 flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) add.mutate();
        }}
      >
        <input
          className={inputClass}
          aria-label="Member email"
          type="email"
          placeholder="Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Select
          label="Member role"
          hideLabel
          value={role}
          choices={ORG_ROLES.map((r) => ({ value: r, label: r }))}
          onChange={(value) => setRole(value as OrgRole)} // the choices are the roles
        />
        <button type="submit" className={buttonClass} disabled={!email.trim() || add.isPending}>
          Add member
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-status-unhealthy">
          {error.message}
        </p>
      ) : null}
    </Modal>
  );
}

/**
 * The organisation switcher of the header (hosted mode only, 000 §1): the person's organisations,
 * switching (landing on /organizations/orgs-switched), creating one, and managing members.
 */
export function OrganizationSwitcher() {
  const orgs = useQuery({ queryKey: organizationsKey, queryFn: listOrganizations });
  const switchTo = useSwitchTo();
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState(false);
  const activeId = activeOrganizationId();
  const active = orgs.data?.find((org) => org.id === activeId);
  return (
    <div className="flex items-center gap-2 border-b border-border px-4 py-2" data-testid="organization-switcher">
      <Select
        label="Organisation"
        hideLabel
        value={activeId ?? ''}
        choices={(orgs.data ?? []).map((org) => ({ value: org.id, label: org.name }))}
        onChange={switchTo}
      />
      {active && active.role !== 'member' ? (
        <button type="button" className={buttonClass} onClick={() => setManaging(true)}>
          Manage members
        </button>
      ) : null}
      {creating ? (
        <CreateOrganizationForm />
      ) : (
        <button type="button" className={buttonClass} onClick={() => setCreating(true)}>
          New organisation
        </button>
      )}
      {managing && activeId ? <MembersDialog orgId={activeId} onClose={() => setManaging(false)} /> : null}
    </div>
  );
}
