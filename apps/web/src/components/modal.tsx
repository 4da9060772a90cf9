import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DialogTitleBar, useCloseOnEscape } from './dialog-title-bar';

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
 * A dialog over the page, closed by Escape, the close button or the backdrop. `expandable` adds a
 * button that grows it to full size and shrinks it back.
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
  useCloseOnEscape(open, onClose);
  useEffect(() => {
    if (!open) setExpanded(false);
  }, [open]);
  if (!open) return null;
  const effective: ModalSize = expanded ? 'full' : size;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
      <button type="button" aria-label="Close dialog" className="absolute inset-0 cursor-default" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-size={effective}
        className={clsx('relative flex max-h-[95vh] flex-col rounded-lg bg-white shadow-xl', WIDTHS[effective])}
      >
        <DialogTitleBar titleId={titleId} title={title} onClose={onClose}>
          {helpLink ? (
            <a href={helpLink} target="_blank" rel="noreferrer" className="text-sm text-blue-600" aria-label="Help">
              ?
            </a>
          ) : null}
          {expandable ? (
            <button
              type="button"
              className="rounded px-2 text-sm text-gray-600 hover:bg-gray-100"
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? 'Shrink' : 'Expand'}
            </button>
          ) : null}
        </DialogTitleBar>
        <div className="flex-1 overflow-auto p-4">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-gray-200 px-4 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
