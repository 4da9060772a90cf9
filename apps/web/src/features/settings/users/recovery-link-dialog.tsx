import { type RecoveryLink, USER_MESSAGES } from '@mc/contracts';
import { Modal } from '../../../components/modal';
import type { PersonRow } from './api/people';
import { CopyLink } from './copy-link';

/**
 * The recovery link an administrator created for a person (`POST /api/auth/recovery_link`), shown this
 * once with **Copy link**: single use, one hour; opening it signs the person in to set a new password.
 */
export function RecoveryLinkDialog({
  person,
  link,
  onClose,
}: {
  person: PersonRow;
  link: RecoveryLink;
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={`Recovery link for ${person.name}`} size="small">
      <div className="flex flex-col gap-3 text-sm">
        <p>{USER_MESSAGES.recoveryLinkCreated(person.name)}</p>
        <CopyLink label="Recovery link" link={link.link} />
        <div className="flex justify-end pt-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
          >
            Done
          </button>
        </div>
      </div>
    </Modal>
  );
}
