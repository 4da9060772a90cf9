import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DialogTitleBar } from './dialog-title-bar';
import { ModalDialog } from './ui/dialog';

/** Modal sizes (001 §2, §9); widths follow the window. */
export type ModalSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

const WIDTHS: Record<ModalSize, string> = {
  'very-small': 'w-[min(24rem,95vw)]',
  small: 'w-[min(36rem,95vw)]',
  medium: 'w-[min(48rem,95vw)]',
  large: 'w-[min(72rem,95vw)]',
  full: 'h-[95vh] w-[95vw]',
};

/**
 * A dialog over the page, closed by Escape, the close button or the backdrop; focus stays inside
 * while it is open and returns to what opened it (ADR 0006). `expandable` adds a button that grows
 * it to full size and shrinks it back.
 */
export function Modal({
  open,
  onClose,
  title,
  size = 'medium',
  expandable = false,
  children,
  footer,
  helpLink,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  expandable?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  helpLink?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (!open) setExpanded(false);
  }, [open]);
  const effective: ModalSize = expanded ? 'full' : size;
  return (
    <ModalDialog
      isOpen={open}
      onClose={onClose}
      labelledBy={titleId}
      dataSize={effective}
      className={clsx('max-h-[95vh] rounded-lg', WIDTHS[effective])}
    >
      <DialogTitleBar titleId={titleId} title={title} onClose={onClose}>
        {helpLink ? (
          <a href={helpLink} target="_blank" rel="noreferrer" className="text-sm text-link" aria-label="Help">
            ?
          </a>
        ) : null}
        {expandable ? (
          <button
            type="button"
            className="rounded px-2 text-sm text-fg-muted hover:bg-surface-hover"
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Shrink' : 'Expand'}
          </button>
        ) : null}
      </DialogTitleBar>
      <div className="flex-1 overflow-auto p-4">{children}</div>
      {footer ? <div className="flex justify-end gap-2 border-t border-border px-4 py-3">{footer}</div> : null}
    </ModalDialog>
  );
}
