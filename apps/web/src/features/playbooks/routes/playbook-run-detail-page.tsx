import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { type PlaybookRunActionView, usePlaybookRun, useRunCommand } from '../api/playbooks';
import { RUN_STATUS_TEXT } from '../components/run-status-text';

function ActionItem({ action }: { action: PlaybookRunActionView }) {
  const format = useFormatDateTime();
  return (
    <li className="flex flex-col gap-1 px-3 py-2">
      <div className="flex items-center gap-3">
        <span className="font-medium">{action.name}</span>
        <span className="text-sm">{RUN_STATUS_TEXT[action.status] ?? action.status}</span>
        <span className="text-xs text-fg-muted">{action.start_time ? format(action.start_time) : ''}</span>
      </div>
      {action.error ? <p className="text-sm text-status-unhealthy">{action.error}</p> : null}
      {action.result ? (
        <pre className="max-h-64 overflow-auto rounded bg-surface p-2 text-xs">
          {JSON.stringify(action.result, null, 2)}
        </pre>
      ) : null}
    </li>
  );
}

/**
 * /playbooks/runs/{id} (000 §2): the run's status, parameters and its actions in order with status,
 * start, output and error, re-read every 5 s until it finishes; Approve and Cancel for people who may
 * write playbook_runs (the server decides who is a listed approver).
 */
export function PlaybookRunDetailPage() {
  const id = useParams().id ?? '';
  const query = usePlaybookRun(id);
  const canWrite = useCan({ resource: 'playbook_runs', action: 'write' });
  const approve = useRunCommand(id, 'approve');
  const cancel = useRunCommand(id, 'cancel');
  const run = query.data?.run;
  const open = run && ['pending_approval', 'scheduled', 'running'].includes(run.status);
  const commandError = approve.error ?? cancel.error;
  return (
    <PageShell title="Playbook Run" onRefresh={() => void query.refetch()} loading={query.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
        {query.error ? <ErrorPanel error={query.error} /> : null}
        {query.isSuccess && !run ? <EmptyState title="Playbook run not found" /> : null}
        {run ? (
          <>
            <div className="flex items-center gap-3">
              <span data-testid="run-status" className="font-semibold">
                {RUN_STATUS_TEXT[run.status] ?? run.status}
              </span>
              {canWrite && run.status === 'pending_approval' ? (
                <button
                  type="button"
                  className="rounded bg-status-healthy px-3 py-1 text-sm text-on-primary"
                  onClick={() => approve.mutate()}
                  disabled={approve.isPending}
                >
                  Approve
                </button>
              ) : null}
              {canWrite && open ? (
                <button
                  type="button"
                  className="rounded border border-border px-3 py-1 text-sm"
                  onClick={() => cancel.mutate()}
                  disabled={cancel.isPending}
                >
                  Cancel
                </button>
              ) : null}
            </div>
            {run.error ? <p className="text-sm text-status-unhealthy">{run.error}</p> : null}
            {commandError ? (
              <p role="alert" className="text-sm text-status-unhealthy">
                {commandError.message}
              </p>
            ) : null}
            {run.parameters && Object.keys(run.parameters).length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                {Object.entries(run.parameters).map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-fg-muted">{name}</dt>
                    <dd>{String(value ?? '')}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <h2 className="text-sm font-semibold">Actions</h2>
            <ul className="flex flex-col divide-y divide-border rounded border border-border">
              {query.data?.actions.map((action) => (
                <ActionItem key={action.id} action={action} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
