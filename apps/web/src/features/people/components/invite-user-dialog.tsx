import { type InviteUserInput, type InviteUserResult, inviteUserSchema, ROLES, USER_MESSAGES } from '@mc/contracts';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { Modal } from '../../../components/modal';
import { Select } from '../../../components/ui/select';
import { useInviteUser } from '../api/person-mutations';
import { LinkShownOnce } from './copy-link';

type Field = keyof InviteUserInput;
const EMPTY: Record<Field, string> = { firstName: '', lastName: '', email: '', role: 'viewer' };
const LABELS: Record<Exclude<Field, 'role'>, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
};

/**
 * The invite dialog of /settings/users (issue 3 §7): first name, last name, email and role, checked
 * with the contract's schema (the server checks the same), then `POST /api/auth/invite_user`, which
 * mails the person a registration link. Closes and resets once the invitation is sent; when it could not
 * be mailed (no SMTP) it shows the link, this once, with **Copy link** for the administrator to send.
 */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [unsent, setUnsent] = useState<InviteUserResult | null>(null);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setUnsent(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteUserSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field; // the schema's issues name its own top-level fields
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, { onSuccess: (result) => (result.link ? setUnsent(result) : close()) });
  };
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  if (unsent?.link) {
    return (
      <Modal open={open} onClose={close} title="Invite User" size="small">
        <LinkShownOnce
          message={USER_MESSAGES.inviteNotMailed(unsent.email)}
          label="Invitation link"
          link={unsent.link}
          onDone={close}
        />
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={close} title="Invite User" size="small">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 text-sm">
        {(Object.keys(LABELS) as Exclude<Field, 'role'>[]).map((field) => (
          <div key={field} className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span className="font-medium text-fg">{LABELS[field]}</span>
              <input
                type={field === 'email' ? 'email' : 'text'}
                value={values[field]}
                onChange={set(field)}
                aria-invalid={errors[field] ? true : undefined}
                className="rounded border border-border-strong px-2 py-1.5"
              />
            </label>
            {errors[field] ? <span className="text-status-unhealthy">{errors[field]}</span> : null}
          </div>
        ))}
        <Select
          label="Role"
          value={values.role}
          onChange={(role) => set('role')({ target: { value: role } })}
          choices={ROLES.map((role) => ({ value: role, label: role }))}
          className="[&>label]:font-medium"
        />
        {errors.role ? <span className="text-status-unhealthy">{errors.role}</span> : null}
        <div className="flex justify-end gap-2 pt-2">
          <DialogActions onCancel={close} submitLabel="Send invite" busyLabel="Inviting…" busy={invite.isPending} />
        </div>
      </form>
    </Modal>
  );
}
