import { capitalise, severityLabel } from '@mc/contracts';
import { clsx } from 'clsx';

const SEVERITY_COLOURS: Record<string, string> = {
  info: 'bg-surface-hover text-fg',
  warning: 'bg-status-warning-soft text-status-warning',
  low: 'bg-primary-soft text-link',
  medium: 'bg-status-pending-soft text-status-pending',
  high: 'bg-status-warning-soft text-status-warning',
  critical: 'bg-status-unhealthy-soft text-status-unhealthy',
  blocker: 'bg-status-unhealthy-soft text-status-unhealthy',
};

/** A severity, capitalised (000 §4), coloured by how bad it is. */
export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <span
      className={clsx('rounded px-1.5 py-0.5 text-xs font-medium', SEVERITY_COLOURS[severity] ?? SEVERITY_COLOURS.info)}
    >
      {severityLabel(severity)}
    </span>
  );
}

/** An incident or hypothesis status, capitalised. */
export function StatusBadge({ status }: { status: string }) {
  const done = ['resolved', 'closed', 'proven', 'disproven'].includes(status);
  return (
    <span
      className={clsx(
        'rounded px-1.5 py-0.5 text-xs',
        done ? 'bg-status-healthy-soft text-status-healthy' : 'bg-surface-hover text-fg',
      )}
    >
      {capitalise(status)}
    </span>
  );
}
