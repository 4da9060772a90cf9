import { clsx } from 'clsx';
import { jobStatusClass } from './job-history-options';

/** A job's status in its colour (001 §4). */
export function JobStatusBadge({ status }: { status?: string | null }) {
  if (!status) return null;
  return (
    <span
      data-status={status}
      className={clsx('inline-block rounded px-2 py-0.5 text-xs font-medium', jobStatusClass(status))}
    >
      {status}
    </span>
  );
}
