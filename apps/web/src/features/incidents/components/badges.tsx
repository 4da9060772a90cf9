import { capitalise, severityLabel } from '@mc/contracts';
import { clsx } from 'clsx';

const SEVERITY_COLOURS: Record<string, string> = {
  info: 'bg-gray-100 text-gray-700',
  warning: 'bg-yellow-100 text-yellow-800',
  low: 'bg-blue-100 text-blue-800',
  medium: 'bg-yellow-100 text-yellow-800',
  high: 'bg-orange-100 text-orange-800',
  critical: 'bg-red-100 text-red-800',
  blocker: 'bg-red-200 text-red-900',
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
        done ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700',
      )}
    >
      {capitalise(status)}
    </span>
  );
}
