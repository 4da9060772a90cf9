import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { isUuid } from '../../../lib/uuid';
import { usePlaybook, usePlaybookRuns } from '../api/playbooks';
import { appliesWhere } from '../components/playbook-scope';
import { RunPlaybookDialog } from '../components/run-playbook-dialog';
import { RUN_STATUS_TEXT } from '../components/run-status-text';

const RECENT_RUNS = 10;

interface ParameterView {
  name: string;
  label?: string;
  type?: string;
  required?: boolean;
  default?: unknown;
  description?: string;
}

interface ActionView {
  name: string;
  [key: string]: unknown;
}

/** The type key of an action (its one key besides the shared ones). */
function actionType(action: ActionView): string {
  const shared = new Set(['name', 'if', 'timeout', 'retry', 'idempotent', 'delay']);
  return Object.keys(action).find((key) => !shared.has(key)) ?? '';
}

/**
 * /playbooks/{id} (001 §2): one playbook — title, category and description, where it applies (its
 * check, config and component selectors), its parameters, approval and actions in order, its recent
 * runs (all of them at /playbooks/runs?playbook={id}) and Run for people who may write playbook_runs.
 */
export function PlaybookDetailPage() {
  const id = useParams().id ?? '';
  if (!isUuid(id)) {
    return (
      <PageShell title="Playbook">
        <EmptyState title="Playbook not found" />
      </PageShell>
    );
  }
  return <PlaybookDetail id={id} />;
}

function PlaybookDetail({ id }: { id: string }) {
  const playbook = usePlaybook(id);
  const runs = usePlaybookRuns({ playbook: id }, 0, RECENT_RUNS);
  const canRun = useCan({ resource: 'playbook_runs', action: 'write' });
  const [running, setRunning] = useState(false);
  const format = useFormatDateTime();
  const data = playbook.data;
  const spec = data?.spec ?? {};
  const parameters = Array.isArray(spec.parameters) ? (spec.parameters as ParameterView[]) : [];
  const actions = Array.isArray(spec.actions) ? (spec.actions as ActionView[]) : [];
  const approval = spec.approval as { type?: string; approvers?: { people?: string[]; teams?: string[] } } | undefined;
  return (
    <PageShell
      title={data ? data.title || data.name : 'Playbook'}
      onRefresh={() => void playbook.refetch()}
      loading={playbook.isFetching}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-auto p-4">
        {playbook.error ? <ErrorPanel error={playbook.error} /> : null}
        {playbook.isSuccess && !data ? <EmptyState title="Playbook not found" /> : null}
        {data ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-fg-muted">{data.category || 'Uncategorised'}</span>
              <Link className="text-sm hover:underline" to={`/playbooks/runs?playbook=${data.id}`}>
                All runs
              </Link>
              {canRun ? (
                <button
                  type="button"
                  className="rounded bg-primary px-3 py-1 text-sm text-on-primary hover:bg-primary-hover"
                  onClick={() => setRunning(true)}
                >
                  Run
                </button>
              ) : null}
            </div>
            {data.description ? <p className="text-sm">{data.description}</p> : null}
            <section aria-label="Applies to" className="flex flex-col gap-1">
              <h2 className="text-sm font-semibold">Applies to</h2>
              <ul className="list-disc pl-5 text-sm">
                {appliesWhere(spec).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
            <section aria-label="Parameters" className="flex flex-col gap-1">
              <h2 className="text-sm font-semibold">Parameters</h2>
              {parameters.length === 0 ? (
                <p className="text-sm text-fg-muted">No parameters for this playbook.</p>
              ) : (
                <table className="text-left text-sm">
                  <thead className="text-fg-muted">
                    <tr>
                      <th className="pr-4 font-normal">Name</th>
                      <th className="pr-4 font-normal">Type</th>
                      <th className="pr-4 font-normal">Required</th>
                      <th className="font-normal">Default</th>
                    </tr>
                  </thead>
                  <tbody>
                    {parameters.map((p) => (
                      <tr key={p.name}>
                        <td className="pr-4">{p.label ?? p.name}</td>
                        <td className="pr-4">{p.type ?? 'text'}</td>
                        <td className="pr-4">{p.required ? 'Yes' : 'No'}</td>
                        <td>{p.default === undefined ? '' : String(p.default)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            {approval ? (
              <section aria-label="Approval" className="flex flex-col gap-1">
                <h2 className="text-sm font-semibold">Approval</h2>
                <p className="text-sm">
                  {approval.type === 'all' ? 'All of' : 'Any of'}:{' '}
                  {[
                    ...(approval.approvers?.people ?? []),
                    ...(approval.approvers?.teams ?? []).map((t) => `team ${t}`),
                  ].join(', ')}
                </p>
              </section>
            ) : null}
            <section aria-label="Actions" className="flex flex-col gap-1">
              <h2 className="text-sm font-semibold">Actions</h2>
              <ol className="list-decimal pl-5 text-sm">
                {actions.map((action) => (
                  <li key={action.name}>
                    {action.name} <span className="text-fg-muted">({actionType(action)})</span>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-label="Recent runs" className="flex flex-col gap-1">
              <h2 className="text-sm font-semibold">Recent runs</h2>
              {runs.data && runs.data.rows.length === 0 ? <p className="text-sm text-fg-muted">No runs yet.</p> : null}
              <ul className="flex flex-col divide-y divide-border rounded border border-border">
                {(runs.data?.rows ?? []).map((run) => (
                  <li key={run.id} className="flex items-center gap-3 px-3 py-1 text-sm">
                    <Link className="hover:underline" to={`/playbooks/runs/${run.id}`}>
                      {format(run.created_at)}
                    </Link>
                    <span>{RUN_STATUS_TEXT[run.status] ?? run.status}</span>
                    {run.error ? <span className="truncate text-status-unhealthy">{run.error}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : null}
      </div>
      {running && data ? <RunPlaybookDialog playbook={data} onClose={() => setRunning(false)} /> : null}
    </PageShell>
  );
}
