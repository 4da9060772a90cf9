import { useFormatDateTime } from '../../../lib/date-format';
import type { PlaybookRunHistory } from '../api/playbooks';
import { RUN_STATUS_TEXT } from './run-status-text';

/**
 * A run's timeline: every status change (pending approval, scheduled, running, completed…) with its
 * time and who made it — a person, or "Runner" for the changes the run engine makes.
 */
export function RunTimeline({ history }: { history: PlaybookRunHistory }) {
  const format = useFormatDateTime();
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-1 border-l border-border pl-3">
      {history.transitions.map((step) => (
        <li key={`${step.at}-${step.to_status}`} className="flex flex-wrap items-baseline gap-x-3 text-sm">
          <span className="font-medium">{RUN_STATUS_TEXT[step.to_status] ?? step.to_status}</span>
          <span className="text-xs text-fg-muted">{format(step.at)}</span>
          <span className="text-xs text-fg-muted">by {step.actor?.name ?? 'Runner'}</span>
        </li>
      ))}
    </ol>
  );
}
