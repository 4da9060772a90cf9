import { useEffect, useMemo, useState } from 'react';
import { stringify } from 'yaml';
import { copyToClipboard } from '../../../components/clipboard';
import { Tabs } from '../../../components/tabs';
import { useDebounced } from '../../../components/use-debounced';
import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import type { IntegrationChart } from '../api/get-charts';
import { validateChartValues } from '../api/validate-values';
import { chartOutput, OUTPUT_TABS, type OutputTab } from './chart-output';
import { ValuesEditor } from './lazy-values-editor';

/** Pause after the last keystroke before the values are validated on the server. */
export const VALUES_VALIDATION_DELAY_MS = 400;

const inputClass =
  'w-full rounded border border-border-strong px-2 py-1.5 text-sm aria-[invalid=true]:border-status-unhealthy';

/** Validates the values text against the chart's schema whenever it settles. */
function useValuesIssues(chartId: string, values: string): SpecIssue[] {
  const settled = useDebounced(values, VALUES_VALIDATION_DELAY_MS);
  const [issues, setIssues] = useState<SpecIssue[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    validateChartValues(chartId, settled, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setIssues(found);
      },
      () => {
        // a network failure leaves the last answer; the output below still renders
      },
    );
    return () => controller.abort();
  }, [chartId, settled]);
  return issues;
}

/**
 * One "Add via GitOps" option (001 §2): a namespace and the chart's values (completed and validated
 * against its JSON schema), and the generated output in two tabs — Flux (HelmRepository + HelmRelease)
 * and Helm CLI (`helm upgrade --install`) — each copyable; Back returns to the option grid.
 */
export function GitOpsForm({ chart, onBack }: { chart: IntegrationChart; onBack: () => void }) {
  const [namespace, setNamespace] = useState(chart.defaultNamespace);
  const [values, setValues] = useState(() => stringify(chart.defaults));
  const [tab, setTab] = useState<OutputTab>('Flux');
  const issues = useValuesIssues(chart.id, values);
  const output = useMemo(() => chartOutput({ chart, namespace, valuesText: values }), [chart, namespace, values]);
  const text = output.ok ? (tab === 'Flux' ? output.flux : output.helm) : '';

  return (
    <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-3">
        <p className="text-sm text-fg-muted">{chart.description}</p>
        {chart.note ? (
          <p role="note" className="rounded border border-status-warning/40 bg-status-warning-soft px-3 py-2 text-sm">
            {chart.note}
          </p>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="integration-namespace" className="text-sm font-medium text-fg">
            Namespace
          </label>
          <input
            id="integration-namespace"
            className={inputClass}
            value={namespace}
            aria-invalid={!output.ok && namespace !== chart.defaultNamespace}
            onChange={(event) => setNamespace(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-fg">Values</span>
          <ValuesEditor schema={chart.schema} value={values} onChange={setValues} issues={issues} />
          <p className="text-xs text-fg-subtle">Ctrl-Space proposes the keys and values the chart accepts.</p>
        </div>
        <div>
          <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onBack}>
            Back
          </button>
        </div>
      </div>
      <section aria-label="Generated output" className="flex min-w-0 flex-col gap-2">
        <Tabs label="Output" tabs={OUTPUT_TABS} active={tab} onChange={setTab} />
        {output.ok ? (
          <>
            <section aria-label={`${tab} output`} className="flex min-h-40 flex-1 flex-col">
              <pre className="flex-1 overflow-auto rounded bg-surface-inverse p-3 font-mono text-xs text-fg-inverse">
                {text}
              </pre>
            </section>
            <div>
              <button
                type="button"
                className="rounded border border-border-strong px-3 py-1.5 text-sm"
                onClick={() => void copyToClipboard(text)}
              >
                Copy {tab === 'Flux' ? 'Flux manifests' : 'Helm command'}
              </button>
            </div>
          </>
        ) : (
          <p role="alert" className="text-sm text-status-unhealthy">
            {output.message}
          </p>
        )}
      </section>
    </div>
  );
}
