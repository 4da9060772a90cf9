import { useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { useCan, useFeatureFlags } from '../../../lib/api/shell-queries';
import { isFeatureDisabled } from '../../../lib/feature-flags';
import { type IntegrationChart, useCharts } from '../api/get-charts';
import { DirectOptionForm } from './direct-option-form';
import { GitOpsForm } from './gitops-form';
import { DIRECT_OPTIONS, type DirectOption } from './integration-options';

type Chosen = { kind: 'gitops'; chart: IntegrationChart } | { kind: 'direct'; option: DirectOption };

const tile =
  'flex h-full w-full flex-col items-start gap-1 rounded border border-border bg-surface p-4 text-left hover:border-primary hover:bg-primary-soft';

function Tile({ title, description }: { title: string; description: string }) {
  return (
    <>
      <span className="font-medium text-fg">{title}</span>
      <span className="text-xs text-fg-subtle">{description}</span>
    </>
  );
}

function DirectTile({ option, onPick }: { option: DirectOption; onPick: (option: DirectOption) => void }) {
  const allowed = useCan({ resource: option.permission, action: 'write' });
  if (!allowed) return null;
  return (
    <li>
      <button type="button" className={tile} onClick={() => onPick(option)}>
        <Tile title={option.title} description={option.description} />
      </button>
    </li>
  );
}

function OptionGrid({ onChoose }: { onChoose: (chosen: Chosen) => void }) {
  const charts = useCharts();
  const { disabled } = useFeatureFlags();
  const direct = DIRECT_OPTIONS.filter((option) => !option.feature || !isFeatureDisabled(option.feature, disabled));
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="gitops-heading" className="flex flex-col gap-3">
        <h3 id="gitops-heading" className="font-semibold text-fg">
          Add via GitOps
        </h3>
        {charts.isPending ? <Skeleton label="Loading charts" /> : null}
        {charts.error ? <ErrorPanel error={charts.error} onRetry={() => void charts.refetch()} /> : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {(charts.data ?? []).map((chart) => (
            <li key={chart.id}>
              <button type="button" className={tile} onClick={() => onChoose({ kind: 'gitops', chart })}>
                <Tile title={chart.title} description={chart.description} />
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="direct-heading" className="flex flex-col gap-3">
        <h3 id="direct-heading" className="font-semibold text-fg">
          Add Directly
        </h3>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {direct.map((option) => (
            <DirectTile
              key={option.id}
              option={option}
              onPick={(picked) => onChoose({ kind: 'direct', option: picked })}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The Add Integration wizard (001 §2), full size: the option grid — Add via GitOps (a chart per
 * option) and Add Directly (Custom Topology, Catalog Scraper, Log Backends unless logs are disabled) —
 * then the chosen option's form; the title is "Add Integration" plus the option.
 */
export function AddIntegrationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [chosen, setChosen] = useState<Chosen>();
  const back = () => setChosen(undefined);
  const optionTitle = chosen ? (chosen.kind === 'gitops' ? chosen.chart.title : chosen.option.title) : undefined;
  return (
    <Modal
      open={open}
      onClose={() => {
        setChosen(undefined);
        onClose();
      }}
      title={optionTitle ? `Add Integration ${optionTitle}` : 'Add Integration'}
      size="full"
    >
      <div className="flex min-h-0 flex-1 flex-col overflow-auto p-1">
        {!chosen ? <OptionGrid onChoose={setChosen} /> : null}
        {chosen?.kind === 'gitops' ? <GitOpsForm key={chosen.chart.id} chart={chosen.chart} onBack={back} /> : null}
        {chosen?.kind === 'direct' ? (
          <DirectOptionForm key={chosen.option.id} option={chosen.option} onBack={back} />
        ) : null}
      </div>
    </Modal>
  );
}
