import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** Confirmation styles (001 §4): delete is red, approve is green. */
export type ConfirmVariant = 'delete' | 'approve';

/** Asks before a consequential action; the confirm button spins while `busy`. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmText,
  variant = 'delete',
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmText?: string;
  variant?: ConfirmVariant;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const label = confirmText ?? (variant === 'delete' ? 'Delete' : 'Approve');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="very-small"
      footer={
        <>
          <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            disabled={busy}
            data-variant={variant}
            onClick={onConfirm}
            className={clsx(
              'inline-flex items-center gap-2 rounded px-3 py-1.5 text-sm text-on-primary disabled:opacity-70',
              variant === 'delete' ? 'bg-danger hover:bg-danger-hover' : 'bg-success hover:bg-success-hover',
            )}
          >
            {busy ? <Spinner label={`${label}…`} className="size-3" /> : null}
            {label}
          </button>
        </>
      }
    >
      {description ? <div className="text-sm text-fg">{description}</div> : null}
    </Modal>
  );
}
