import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { type PlaybookSummary, usePlaybooks } from '../api/playbooks';
import { RunPlaybookDialog } from '../components/run-playbook-dialog';

function groups(playbooks: readonly PlaybookSummary[]): [string, PlaybookSummary[]][] {
  const byCategory = new Map<string, PlaybookSummary[]>();
  for (const playbook of playbooks) {
    const key = playbook.category || 'Uncategorised';
    byCategory.set(key, [...(byCategory.get(key) ?? []), playbook]);
  }
  return [...byCategory.entries()];
}

/**
 * /playbooks (000 §2): the playbooks grouped by category with title and description, a link to their
 * runs, and Run (the Run Playbook dialog) for people who may write playbook_runs (001 §6).
 */
export function PlaybooksPage() {
  const playbooks = usePlaybooks();
  const canRun = useCan({ resource: 'playbook_runs', action: 'write' });
  const [running, setRunning] = useState<PlaybookSummary | null>(null);
  return (
    <PageShell title="Playbooks" onRefresh={() => void playbooks.refetch()} loading={playbooks.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-auto p-4">
        {playbooks.error ? (
          <ErrorPanel error={playbooks.error} />
        ) : playbooks.isSuccess && playbooks.data.length === 0 ? (
          <EmptyState title="No playbooks" />
        ) : (
          groups(playbooks.data ?? []).map(([category, items]) => (
            <section key={category} aria-label={category} className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold text-fg-muted">{category}</h2>
              <ul className="flex flex-col divide-y divide-border rounded border border-border">
                {items.map((playbook) => (
                  <li key={playbook.id} className="flex items-center gap-3 px-3 py-2">
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium">{playbook.title || playbook.name}</span>
                      {playbook.description ? (
                        <span className="truncate text-sm text-fg-muted">{playbook.description}</span>
                      ) : null}
                    </div>
                    <Link className="text-sm hover:underline" to={`/playbooks/runs?playbook=${playbook.id}`}>
                      Runs
                    </Link>
                    {canRun ? (
                      <button
                        type="button"
                        className="rounded bg-primary px-3 py-1 text-sm text-on-primary hover:bg-primary-hover"
                        onClick={() => setRunning(playbook)}
                        aria-label={`Run ${playbook.title || playbook.name}`}
                      >
                        Run
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      {running ? <RunPlaybookDialog playbook={running} onClose={() => setRunning(null)} /> : null}
    </PageShell>
  );
}
