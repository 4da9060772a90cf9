import { useCan } from '../../../lib/api/shell-queries';
import { useRunScraper } from '../api/scrapers';

/** Run Now (issue 13 §1): scrapes at once; shown to people who may write scrapers. */
export function RunScraperButton({ id, name }: { id: string; name: string }) {
  const canRun = useCan({ resource: 'config_scrapers', action: 'write' });
  const run = useRunScraper();
  if (!canRun) return null;
  return (
    <button
      type="button"
      aria-label={`Run ${name} now`}
      disabled={run.isPending}
      onClick={(event) => {
        event.stopPropagation();
        run.mutate(id);
      }}
      className="rounded border border-border-strong bg-surface px-2 py-0.5 text-sm hover:bg-surface-hover disabled:opacity-50"
    >
      {run.isPending ? 'Running…' : 'Run Now'}
    </button>
  );
}
