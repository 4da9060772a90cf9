import { type ReactNode, useEffect, useId } from 'react';

/**
 * A dialog that slides in from the right edge (001 §2 'Add/Edit Permission side dialog'), closed by
 * Escape, the close button or the backdrop; `helpLink` adds a link to reference documentation.
 */
export function SideDialog({
  open,
  title,
  onClose,
  helpLink,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  helpLink?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-black/30">
      <button type="button" aria-label="Close dialog" className="absolute inset-0 cursor-default" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex h-full w-[min(32rem,100vw)] flex-col bg-white shadow-xl"
      >
        <div className="flex items-center gap-2 border-b border-gray-200 px-4 py-3">
          <h2 id={titleId} className="flex-1 text-base font-semibold text-gray-900">
            {title}
          </h2>
          {helpLink ? (
            <a href={helpLink} target="_blank" rel="noreferrer" className="text-sm text-blue-600">
              Help
            </a>
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
        {footer ? <div className="flex gap-2 border-t border-gray-200 px-4 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
