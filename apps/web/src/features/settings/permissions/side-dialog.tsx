import { type ReactNode, useId } from 'react';
import { DialogTitleBar, useCloseOnEscape } from '../../../components/dialog-title-bar';

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
  useCloseOnEscape(open, onClose);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-black/30">
      <button type="button" aria-label="Close dialog" className="absolute inset-0 cursor-default" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex h-full w-[min(32rem,100vw)] flex-col bg-surface-raised shadow-xl"
      >
        <DialogTitleBar titleId={titleId} title={title} onClose={onClose}>
          {helpLink ? (
            <a href={helpLink} target="_blank" rel="noreferrer" className="text-sm text-link">
              Help
            </a>
          ) : null}
        </DialogTitleBar>
        <div className="flex-1 overflow-auto p-4">{children}</div>
        {footer ? <div className="flex gap-2 border-t border-border px-4 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
