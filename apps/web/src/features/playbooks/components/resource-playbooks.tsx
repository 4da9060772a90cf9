import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { useCan } from '../../../lib/api/shell-queries';
import { type PlaybookResource, type PlaybookSummary, useApplicablePlaybooks } from '../api/playbooks';
import { RunPlaybookDialog } from './run-playbook-dialog';

/** What a resource's playbook list says when no playbook applies to it. */
export const NO_APPLICABLE_PLAYBOOKS = 'No playbooks apply to this resource.';

function PlaybookList({
  playbooks,
  canRun,
  onRun,
}: {
  playbooks: readonly PlaybookSummary[];
  canRun: boolean;
  onRun: (playbook: PlaybookSummary) => void;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded border border-border">
      {playbooks.map((playbook) => (
        <li key={playbook.id} className="flex items-center gap-3 px-3 py-2">
          <div className="flex min-w-0 flex-1 flex-col">
            <Link className="font-medium hover:underline" to={`/playbooks/${playbook.id}`}>
              {playbook.title || playbook.name}
            </Link>
            {playbook.description ? (
              <span className="truncate text-sm text-fg-muted">{playbook.description}</span>
            ) : null}
          </div>
          {canRun ? (
            <button
              type="button"
              className="rounded bg-primary px-3 py-1 text-sm text-on-primary hover:bg-primary-hover"
              onClick={() => onRun(playbook)}
              aria-label={`Run ${playbook.title || playbook.name}`}
            >
              Run
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The playbooks applicable to one resource (GET /api/playbook/list), each with Run — the Run Playbook
 * dialog on that resource — for people who may write playbook_runs, and a link to the runs on it.
 * A catalog item's Playbooks tab is this list.
 */
export function ResourcePlaybooks({ resource }: { resource: PlaybookResource }) {
  const playbooks = useApplicablePlaybooks(resource);
  const canRun = useCan({ resource: 'playbook_runs', action: 'write' });
  const [running, setRunning] = useState<PlaybookSummary | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {playbooks.error ? <ErrorPanel error={playbooks.error} /> : null}
      {playbooks.isSuccess && playbooks.data.length === 0 ? <EmptyState title={NO_APPLICABLE_PLAYBOOKS} /> : null}
      {playbooks.data && playbooks.data.length > 0 ? (
        <PlaybookList playbooks={playbooks.data} canRun={canRun} onRun={setRunning} />
      ) : null}
      <Link className="text-sm hover:underline" to={`/playbooks/runs?resource=${resource.id}`}>
        Runs on this resource
      </Link>
      {running ? <RunPlaybookDialog playbook={running} resource={resource} onClose={() => setRunning(null)} /> : null}
    </div>
  );
}

/**
 * "Run Playbook" on a resource's page (a component, a check's modal): a chooser of the playbooks that
 * apply there, then the Run Playbook dialog on the resource. Hidden without write on playbook_runs
 * (001 §6: the playbook-run menu is a write control).
 */
export function RunPlaybookButton({ resource, className }: { resource: PlaybookResource; className?: string }) {
  const canRun = useCan({ resource: 'playbook_runs', action: 'write' });
  const [choosing, setChoosing] = useState(false);
  const playbooks = useApplicablePlaybooks(resource, choosing);
  const [running, setRunning] = useState<PlaybookSummary | null>(null);
  if (!canRun) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? 'rounded border border-border px-3 py-1 text-sm hover:bg-surface-hover'}
        onClick={() => setChoosing(true)}
      >
        Run Playbook
      </button>
      {choosing ? (
        <Modal open onClose={() => setChoosing(false)} title="Run Playbook" size="small">
          <div className="flex flex-col gap-3 p-4">
            {playbooks.error ? <ErrorPanel error={playbooks.error} /> : null}
            {playbooks.isLoading ? <p className="text-sm text-fg-muted">Loading…</p> : null}
            {playbooks.isSuccess && playbooks.data.length === 0 ? (
              <p className="text-sm text-fg-muted">{NO_APPLICABLE_PLAYBOOKS}</p>
            ) : null}
            {playbooks.data && playbooks.data.length > 0 ? (
              <PlaybookList
                playbooks={playbooks.data}
                canRun
                onRun={(playbook) => {
                  setChoosing(false);
                  setRunning(playbook);
                }}
              />
            ) : null}
          </div>
        </Modal>
      ) : null}
      {running ? <RunPlaybookDialog playbook={running} resource={resource} onClose={() => setRunning(null)} /> : null}
    </>
  );
}
