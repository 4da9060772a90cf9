import type { Slo } from '@mc/contracts';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel';
import { Skeleton } from '../../../components/skeleton';
import { useCan } from '../../../lib/api/shell-queries';
import { type SloObject, sloReportUrl, useSloHistory, useSlos } from '../api/get-slos';
import { useCreateSlo, useDeleteSlo } from '../api/slo-mutations';
import { BudgetChart } from './budget-chart';
import { SloForm } from './slo-form';

/** A percentage as the panel shows it: up to three decimals, no trailing zeros. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${Number(value.toFixed(3))}%`;
}

/** The colour of a remaining budget: spent, under a quarter, or healthy. */
function budgetTone(budget: number): string {
  if (budget <= 0) return 'text-status-unhealthy';
  if (budget < 25) return 'text-status-warning';
  return 'text-status-healthy';
}

function SloHistory({ id }: { id: string }) {
  const history = useSloHistory(id);
  if (history.isPending) return <Skeleton shape="chart" label="Loading budget history" />;
  if (history.isError) return <ErrorPanel error={history.error} onRetry={() => void history.refetch()} />;
  return <BudgetChart points={history.data.points} />;
}

function SloRow({ slo, mayWrite }: { slo: Slo; mayWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSlo();
  const firing = slo.status.burn_alerts.filter((alert) => alert.firing);
  const objective =
    slo.kind === 'latency'
      ? `${percent(slo.target)} of runs under ${slo.latency_threshold_ms} ms`
      : `${percent(slo.target)} available`;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-2 last:border-b-0">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <button type="button" className="font-medium text-link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {slo.name}
        </button>
        <span className="text-fg-muted">
          {objective} over {slo.window_days} days
        </span>
        <span>
          Measured <strong>{percent(slo.status.sli)}</strong>
        </span>
        <span className={budgetTone(slo.status.budget_remaining)}>
          Budget left <strong>{percent(slo.status.budget_remaining)}</strong>
        </span>
        {firing.map((alert) => (
          <span
            key={alert.name}
            className="rounded bg-status-unhealthy px-1.5 text-xs text-on-primary"
            title={`${alert.long_rate}× over ${alert.long_minutes} min and ${alert.short_rate}× over ${alert.short_minutes} min (threshold ${alert.factor}×)`}
          >
            Burning {alert.long_rate}× · {alert.severity}
          </span>
        ))}
        {slo.status.excluded_minutes > 0 ? (
          <span className="text-xs text-fg-muted">{slo.status.excluded_minutes} min of maintenance left out</span>
        ) : null}
        {mayWrite ? (
          <button
            type="button"
            className="ml-auto text-xs text-status-unhealthy"
            disabled={remove.isPending}
            onClick={() => remove.mutate(slo.id)}
          >
            Delete
          </button>
        ) : null}
      </div>
      {open ? <SloHistory id={slo.id} /> : null}
    </li>
  );
}

/**
 * The SLOs of a check or a component (issue 33; docs/slo.md): each objective with its measured level,
 * its remaining error budget, the burn-rate alerts firing now and, opened, its budget over time; editors
 * add and delete SLOs here; the month's report downloads as CSV.
 */
export function SloPanel({ object }: { object: SloObject }) {
  const slos = useSlos(object);
  const create = useCreateSlo();
  const [adding, setAdding] = useState(false);
  const mayWrite = useCan({ resource: 'canaries', action: 'write' });
  const period = new Date().toISOString().slice(0, 7);
  let body: React.ReactNode;
  if (slos.isPending) body = <Skeleton label="Loading SLOs" />;
  else if (slos.isError) body = <ErrorPanel error={slos.error} onRetry={() => void slos.refetch()} />;
  else if (slos.data.items.length === 0) body = <p className="text-sm text-fg-muted">No SLO yet</p>;
  else
    body = (
      <ul>
        {slos.data.items.map((slo) => (
          <SloRow key={slo.id} slo={slo} mayWrite={mayWrite} />
        ))}
      </ul>
    );
  return (
    <section aria-label="SLOs" className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <h3 className="text-sm font-semibold">SLOs and error budgets</h3>
        <a className="text-xs text-link" href={sloReportUrl(period)} download>
          Report {period} (CSV)
        </a>
        {mayWrite && !adding ? (
          <button type="button" className="ml-auto text-sm text-link" onClick={() => setAdding(true)}>
            Add SLO
          </button>
        ) : null}
      </div>
      {adding ? (
        <SloForm
          object={object}
          busy={create.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(input) => create.mutate(input, { onSuccess: () => setAdding(false) })}
        />
      ) : null}
      {body}
    </section>
  );
}
