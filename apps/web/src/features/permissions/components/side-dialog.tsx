import { type ReactNode, useId } from 'react';
import { DialogTitleBar } from '../../../components/dialog-title-bar';
import { ModalDialog } from '../../../components/ui/dialog';

/**
 * A dialog docked to the right edge (001 §2 'Add/Edit Permission side dialog'), closed by Escape,
 * the close button or the backdrop, focus kept inside while open; `helpLink` adds a link to
 * reference documentation.
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
  return (
    <ModalDialog
      isOpen={open}
      onClose={onClose}
      labelledBy={titleId}
      placement="right"
      className="h-full w-[min(32rem,100vw)]"
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
    </ModalDialog>
  );
}
