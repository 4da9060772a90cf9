import type { NotificationSendStatus } from '@mc/contracts';
import { clsx } from 'clsx';

const LABELS: Record<NotificationSendStatus, string> = {
  sent: 'Sent',
  error: 'Failed',
  pending: 'Pending',
  silenced: 'Silenced',
  'repeat-interval': 'Repeat suppressed',
  inhibited: 'Inhibited',
  'evaluating-waitfor': 'Waiting',
  skipped: 'Skipped',
};

/** The label of a send status as the console shows it. */
export const sendStatusLabel = (status: string): string => LABELS[status as NotificationSendStatus] ?? status;

/** A send-history status as a small coloured label. */
export function SendStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded px-1.5 py-0.5 text-xs font-medium',
        status === 'sent' && 'bg-status-healthy-soft text-status-healthy',
        status === 'error' && 'bg-status-unhealthy-soft text-status-unhealthy',
        status !== 'sent' && status !== 'error' && 'bg-surface-muted text-fg-muted',
      )}
    >
      {sendStatusLabel(status)}
    </span>
  );
}
