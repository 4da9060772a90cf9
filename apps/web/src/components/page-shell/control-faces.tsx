import { CircleQuestionMark, Settings2 } from 'lucide-react';
import { useSession } from '../../lib/api/shell-queries';
import { Avatar } from '../avatar';

/**
 * What the header's menu buttons show, shared by each control and the plain button standing in for it
 * until it has loaded (`deferred-control.tsx`), so loading it changes nothing on screen.
 */
export function HelpFace() {
  return <CircleQuestionMark aria-hidden="true" className="size-4" />;
}

/** The preferences button's icon. */
export function PreferencesFace() {
  return <Settings2 aria-hidden="true" className="size-4" />;
}

/** The user menu's button: the signed-in person's avatar. */
export function UserFace() {
  const { data: session } = useSession();
  return <Avatar user={session?.user} size="sm" />;
}
