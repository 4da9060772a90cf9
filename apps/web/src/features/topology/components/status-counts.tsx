import type { ComponentSummary } from '@mc/contracts';
import { clsx } from 'clsx';

const PILLS = [
  { key: 'unhealthy', className: 'bg-status-unhealthy-soft text-status-unhealthy' },
  { key: 'warning', className: 'bg-status-warning-soft text-status-warning' },
  { key: 'healthy', className: 'bg-status-healthy-soft text-status-healthy' },
  { key: 'unknown', className: 'bg-status-unknown-soft text-fg-muted' },
] as const;

/** Counts of a component's children by status (only the non-zero ones), worst first. */
export function StatusCounts({ summary }: { summary: ComponentSummary | null }) {
  const pills = PILLS.filter((pill) => (summary?.[pill.key] ?? 0) > 0);
  if (pills.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Children by status">
      {pills.map((pill) => (
        <li key={pill.key} className={clsx('rounded px-1.5 py-0.5 text-xs font-medium', pill.className)}>
          {summary?.[pill.key]} {pill.key}
        </li>
      ))}
    </ul>
  );
}
