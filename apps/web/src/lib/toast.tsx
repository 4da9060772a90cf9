import { TOAST_DURATION_MS } from '@mc/contracts';
import { type ExternalToast, toast } from 'sonner';
import { errorMessage } from './api/api-error';

/** Where toasts appear unless a caller asks otherwise (001 §8: bottom right). */
export const TOAST_POSITION = 'bottom-right' as const;

const base: ExternalToast = { duration: TOAST_DURATION_MS, closeButton: true };

/** A success toast, 5 s, with a close button. */
export function toastSuccess(message: React.ReactNode, options: ExternalToast = {}): string | number {
  return toast.success(message, { ...base, ...options });
}

/**
 * An error toast with the server's message (or the fallbacks of 001 §8). The message is the toast's
 * id, so one error reported by two handlers (or twice in a burst) shows once instead of stacking.
 */
export function toastError(error: unknown, options: ExternalToast = {}): string | number {
  const message = errorMessage(error);
  return toast.error(message, { ...base, id: `error:${message}`, ...options });
}

/** A loading toast: no close button and no timeout; dismiss it or replace it by id. */
export function toastLoading(message: React.ReactNode, options: ExternalToast = {}): string | number {
  return toast.loading(message, { ...options, closeButton: false, duration: Number.POSITIVE_INFINITY });
}

/** Removes a toast, e.g. a loading one once its work settles. */
export function dismissToast(id?: string | number): void {
  toast.dismiss(id);
}
