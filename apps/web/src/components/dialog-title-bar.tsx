import type { ReactNode } from 'react';

/**
 * The top bar of a dialog: its title (labelling the dialog through `titleId`), the caller's own
 * controls (`children`, e.g. Help or Expand) and the Dismiss (×) button, the same in centred and
 * side dialogs.
 */
export function DialogTitleBar({
  titleId,
  title,
  onClose,
  children,
}: {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2 border-b border-border px-4 py-3">
      <h2 id={titleId} className="flex-1 text-base font-semibold text-fg">
        {title}
      </h2>
      {children}
      <button
        type="button"
        aria-label="Dismiss"
        className="rounded px-2 text-fg-muted hover:bg-surface-hover"
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}
