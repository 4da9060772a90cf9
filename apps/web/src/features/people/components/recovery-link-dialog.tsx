import { type RecoveryLink, USER_MESSAGES } from '@mc/contracts';
import { Modal } from '../../../components/modal';
import type { PersonRow } from '../api/people';
import { LinkShownOnce } from './copy-link';

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
      <LinkShownOnce
        message={USER_MESSAGES.recoveryLinkCreated(person.name)}
        label="Recovery link"
        link={link.link}
        onDone={onClose}
      />
    </Modal>
  );
}
