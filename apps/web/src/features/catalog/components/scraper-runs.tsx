import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import type { ScraperRun } from '../api/scrapers';

/** Scrape counts a run records in its details (created, updated, unchanged, deleted, errors). */
export const RUN_COUNTS = ['created', 'updated', 'unchanged', 'deleted', 'errors'] as const;

/** A running scrape's progress ('scrape 40/120'), from the progress its row carries while it runs. */
export function runProgress(run: ScraperRun): string | null {
  const progress = run.details?.progress;
  if (run.status !== 'RUNNING' || typeof progress !== 'object' || progress === null) return null;
  const { phase, done, total } = progress as { phase?: unknown; done?: unknown; total?: unknown }; // the row's progress object
  return `${String(phase ?? 'scrape')} ${Number(done ?? 0)}/${Number(total ?? 0)}`;
}

/** The counts of a run: from its details when it recorded them, else success and error counts. */
export function runCounts(run: ScraperRun): Array<[string, number]> {
  const details = run.details ?? {};
  const source =
    (typeof details.scrape_summary === 'object' && details.scrape_summary) ||
    (typeof details.counts === 'object' && details.counts) ||
    details;
  const counts = RUN_COUNTS.flatMap((key): Array<[string, number]> => {
    const value = (source as Record<string, unknown>)[key]; // a details object, read key by key
    return typeof value === 'number' ? [[key, value]] : [];
  });
  if (counts.length) return counts;
  return [
    ['items', run.success_count ?? 0],
    ['errors', run.error_count ?? 0],
  ];
}

/**
 * The run's status and counts in one line ('SUCCESS created 3 updated 1 … 1.2s'); `compact` (a table
 * cell) keeps the status, the changed and failed counts and how long ago, the rest in its tooltip.
 */
export function RunSummary({ run, compact = false }: { run: ScraperRun; compact?: boolean }) {
  const format = useFormatDateTime();
  const progress = runProgress(run);
  if (compact) {
    const counts = Object.fromEntries(runCounts(run));
    const full = runCounts(run)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
    const changed = (counts.created ?? 0) + (counts.updated ?? 0) + (counts.deleted ?? 0);
    return (
      <span className="truncate text-sm" title={`${full} — ${format(run.created_at)}`}>
        <span className="font-medium">{run.status}</span>{' '}
        <span className="text-fg-muted">
          {progress ?? `${changed} changed, ${counts.errors ?? 0} errors`} · {relativeTime(run.created_at)} ago
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{run.status}</span>
      {progress ? <span className="text-fg-muted">{progress}</span> : null}
      {progress
        ? null
        : runCounts(run).map(([key, value]) => (
            <span key={key} className="text-fg-muted">
              {key} {value}
            </span>
          ))}
      {run.duration_millis ? <span className="text-fg-muted">{formatDuration(run.duration_millis)}</span> : null}
      <span className="text-fg-subtle">{format(run.created_at)}</span>
    </span>
  );
}
