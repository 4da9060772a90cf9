import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Modal as AriaModal, ModalOverlay } from 'react-aria-components';

/**
 * A modal dialog on React Aria (ADR 0006): the page behind is inert, focus is trapped inside and
 * given back to what opened it, Escape and a click on the backdrop close it. `labelledBy` names the
 * element carrying the dialog's title; the caller styles the panel through `className`.
 */
export function ModalDialog({
  isOpen,
  onClose,
  labelledBy,
  className,
  children,
  dataSize,
  placement = 'center',
}: {
  isOpen: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  children: ReactNode;
  /** Exposed as `data-size` so screens and tests can tell the dialog's size. */
  dataSize?: string;
  /** 'right' docks the panel to the window's right edge (side dialogs). */
  placement?: 'center' | 'right';
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={clsx(
        'fixed inset-0 z-50 flex bg-black/40',
        placement === 'center' ? 'items-center justify-center' : 'justify-end',
      )}
    >
      <AriaModal className="contents">
        {/* The backdrop: a click on it closes the dialog. React Aria's own outside-click dismissal would add a
            hidden "Dismiss" button that doubles the title bar's. */}
        <div aria-hidden="true" className="absolute inset-0" onClick={onClose} />
        <AriaDialog
          aria-labelledby={labelledBy}
          data-size={dataSize}
          className={clsx('relative flex flex-col bg-surface-raised text-fg shadow-xl outline-none', className)}
        >
          {children}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
