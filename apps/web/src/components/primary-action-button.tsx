import type { ReactNode } from 'react';

/**
 * The blue button that starts the main action of a page or panel — Create Team, Invite User, Add
 * Permission, Add Members — usually by opening its dialog. Callers show it only to those allowed.
 */
export function PrimaryActionButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
    >
      {children}
    </button>
  );
}
