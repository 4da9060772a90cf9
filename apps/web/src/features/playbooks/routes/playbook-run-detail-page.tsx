import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
import {
  type PlaybookRunActionView,
  type PlaybookRunView,
  usePlaybook,
  usePlaybookRun,
  useRunCommand,
  useRunHistory,
} from '../api/playbooks';
import { useRunLogStream } from '../api/run-log-stream';
import { ActionOutput } from '../components/action-output';
import { RunLogPanel } from '../components/run-log-panel';
import { RUN_STATUS_TEXT } from '../components/run-status-text';
import { RunTimeline } from '../components/run-timeline';

const OPEN = ['pending_approval', 'scheduled', 'running'];

function durationOf(start: string | null, end: string | null): string {
  if (!start || !end) return '';
  return formatDuration(new Date(end).getTime() - new Date(start).getTime());
}

function ActionItem({ action, runId }: { action: PlaybookRunActionView; runId: string }) {
  const format = useFormatDateTime();
  return (
    <li className="flex flex-col gap-1 px-3 py-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">{action.name}</span>
        <span className="text-sm">{RUN_STATUS_TEXT[action.status] ?? action.status}</span>
        <span className="text-xs text-fg-muted">{action.start_time ? format(action.start_time) : ''}</span>
        <span className="text-xs text-fg-muted">{durationOf(action.start_time, action.end_time)}</span>
      </div>
      {action.error ? <p className="text-sm text-status-unhealthy">{action.error}</p> : null}
      <ActionOutput action={action} runId={runId} />
    </li>
  );
}

function resourceLink(run: PlaybookRunView): { to: string; label: string } | null {
  if (run.config_id) return { to: `/catalog/${run.config_id}`, label: 'Catalog item' };
  if (run.component_id) return { to: `/topology/${run.component_id}`, label: 'Component' };
  if (run.check_id) return { to: `/health?checkId=${run.check_id}`, label: 'Check' };
  return null;
}

/**
 * /playbooks/runs/{id} (000 §2): the run's status, playbook and resource, who requested and who
 * approved it, the parameters used, its timeline of status changes, the live log while it runs
 * (Server-Sent Events; the stored output of each action once it is done), and its actions with
 * status, duration, output, artifacts and error. Approve and Cancel show for people who may write
 * playbook_runs (the server decides who is a listed approver).
 */
export function PlaybookRunDetailPage() {
  const id = useParams().id ?? '';
  const query = usePlaybookRun(id);
  const run = query.data?.run;
  const open = Boolean(run && OPEN.includes(run.status));
  const history = useRunHistory(id, run?.status, open);
  const playbook = usePlaybook(run?.playbook_id ?? '');
  const log = useRunLogStream(id, open);
  const canWrite = useCan({ resource: 'playbook_runs', action: 'write' });
  const approve = useRunCommand(id, 'approve');
  const cancel = useRunCommand(id, 'cancel');
  const format = useFormatDateTime();
  const commandError = approve.error ?? cancel.error;
  const { refetch } = query;
  useEffect(() => {
    if (log.ended) void refetch();
  }, [log.ended, refetch]);
  const resource = run ? resourceLink(run) : null;
  const approvers = (history.data?.approvals ?? []).map((a) => a.person?.name ?? a.team?.name ?? '').filter(Boolean);
  return (
    <PageShell title="Playbook Run" onRefresh={() => void query.refetch()} loading={query.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
        {query.error ? <ErrorPanel error={query.error} /> : null}
        {query.isSuccess && !run ? <EmptyState title="Playbook run not found" /> : null}
        {run ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <span data-testid="run-status" className="font-semibold">
                {RUN_STATUS_TEXT[run.status] ?? run.status}
              </span>
              <Link className="text-sm hover:underline" to={`/playbooks/${run.playbook_id}`}>
                {playbook.data ? playbook.data.title || playbook.data.name : 'Playbook'}
              </Link>
              {resource ? (
                <Link className="text-sm hover:underline" to={resource.to}>
                  {resource.label}
                </Link>
              ) : null}
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
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-fg-muted">Requested by</dt>
              <dd data-testid="run-requester">
                {history.data?.requested_by?.name ?? (history.data ? 'Nobody (system)' : '')}
              </dd>
              <dt className="text-fg-muted">Approved by</dt>
              <dd data-testid="run-approvers">{approvers.length > 0 ? approvers.join(', ') : '—'}</dd>
              <dt className="text-fg-muted">Started</dt>
              <dd>{run.start_time ? format(run.start_time) : '—'}</dd>
              <dt className="text-fg-muted">Duration</dt>
              <dd>{durationOf(run.start_time, run.end_time) || '—'}</dd>
            </dl>
            {run.parameters && Object.keys(run.parameters).length > 0 ? (
              <section aria-label="Parameters" className="flex flex-col gap-1">
                <h2 className="text-sm font-semibold">Parameters</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  {Object.entries(run.parameters).map(([name, value]) => (
                    <div key={name} className="contents">
                      <dt className="text-fg-muted">{name}</dt>
                      <dd>{String(value ?? '')}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            {/* no heading over an empty list: a run written without its status changes (an import, the demo
                data) has no Timeline rather than an empty one */}
            {history.data && history.data.transitions.length > 0 ? (
              <section aria-label="Status history" className="flex flex-col gap-1">
                <h2 className="text-sm font-semibold">Timeline</h2>
                <RunTimeline history={history.data} />
              </section>
            ) : null}
            {open ? <RunLogPanel lines={log.lines} failed={log.failed} /> : null}
            <h2 className="text-sm font-semibold">Actions</h2>
            <ul className="flex flex-col divide-y divide-border rounded border border-border">
              {query.data?.actions.map((action) => (
                <ActionItem key={action.id} action={action} runId={run.id} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
