import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
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

/** The run's status and counts in one line ('SUCCESS · created 3 · updated 1 · 1.2s'). */
export function RunSummary({ run }: { run: ScraperRun }) {
  const format = useFormatDateTime();
  const progress = runProgress(run);
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
