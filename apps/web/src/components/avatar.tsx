import { clsx } from 'clsx';
import { useState } from 'react';
import { initials } from '../lib/format';

/** Someone to show: a name, an email, and one avatar URL or a list of them. */
export interface AvatarUser {
  name?: string | null;
  email?: string | null;
  avatar?: string | readonly string[] | null;
}

const SIZES = { sm: 'size-6 text-[10px]', md: 'size-8 text-xs', lg: 'size-10 text-sm' } as const;

/** The image when there is one that loads, else initials, else '?' (001 §3). */
export function Avatar({ user, size = 'md' }: { user?: AvatarUser | null; size?: keyof typeof SIZES }) {
  const [failed, setFailed] = useState(false);
  const source = Array.isArray(user?.avatar) ? user?.avatar[0] : user?.avatar;
  const label = user?.name || user?.email || 'Unknown user';
  const sizeClass = SIZES[size];
  if (typeof source === 'string' && source && !failed) {
    return (
      <img
        src={source}
        alt={label}
        title={label}
        onError={() => setFailed(true)}
        className={clsx('rounded-full object-cover', sizeClass)}
      />
    );
  }
  return (
    <span
      role="img"
      title={label}
      aria-label={label}
      className={clsx(
        'inline-flex items-center justify-center rounded-full bg-primary-soft font-semibold text-link',
        sizeClass,
      )}
    >
      {initials(user?.name, user?.email)}
    </span>
  );
}
