import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useState } from 'react';

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
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
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
        <div className="flex items-center gap-2 border-b border-gray-200 px-4 py-3">
          <h2 id={titleId} className="flex-1 text-base font-semibold text-gray-900">
            {title}
          </h2>
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
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded px-2 text-gray-500 hover:bg-gray-100"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-auto p-4">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-gray-200 px-4 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
