import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { ResourceIcon } from '../../../components/resource-icon';
import { Skeleton } from '../../../components/skeleton';
import { StatusDot } from '../../../components/status-dot';
import { Tabs } from '../../../components/tabs';
import { useUrlParams } from '../../../lib/url-state';
import { useCheck, useCheckGraph, useCheckRelationships, useCheckSpec } from '../api/get-check';
import { useCheckArtifacts } from '../api/get-check-artifacts';
import { useCheckLocations } from '../api/get-check-locations';
import { useCheckMaintenance } from '../api/get-check-maintenance';
import { CheckArtifactsPanel } from './check-artifacts';
import { CheckChart, NO_MAINTENANCE } from './check-chart';
import { CheckHistory } from './check-history';
import { CheckLocationsPanel } from './check-locations';
import { CheckRelationshipsPanel, relationshipCount } from './check-relationships';
import { CheckStatCards } from './check-stat-cards';
import { defaultTimeRange, isTimeRangeOption, rangeMinutes, rangeWindow } from './check-time-range';
import { HeartbeatTokenPanel } from './heartbeat-token-panel';
import { RunNowButton } from './run-now-button';
import { useShortScreen } from './use-short-screen';

// The incidents area (its link form, react-hook-form and zod) loads when a check is opened, not with /health.
const AttachAsEvidenceButton = lazy(() =>
  import('../../incidents').then((module) => ({
    default: module.AttachAsEvidenceButton,
  })),
);

// The SLOs area (its panel, form and budget chart) loads with the modal.
const SloPanel = lazy(() => import('../../slos').then((module) => ({ default: module.SloPanel })));

// The playbooks area loads its Run Playbook button with the modal (the dialog itself on first click).
const RunPlaybookButton = lazy(() =>
  import('../../playbooks').then((module) => ({ default: module.RunPlaybookButton })),
);

type Tab = 'history' | 'graph' | 'spec' | 'relationships';

const TAB_LABELS: Record<Exclude<Tab, 'relationships'>, string> = { history: 'History', graph: 'Graph', spec: 'Spec' };

/** URL parameters the modal owns; closing it removes them all. */
const MODAL_PARAMS = ['checkId', 'timeRange', 'historyStatus', 'duration', 'pageIndex'] as const;

/**
 * The check detail modal (000 §2): header with the check; Run Now (by role), Run Playbook (playbooks
 * applicable to the check, for people who may run them) and Attach as Evidence;
 * the stat cards with the Time Range (default derived from the last run's age); for a multi-location
 * check, each location's status under the quorum; the files an exec check kept (download links); a webhook
 * check's heartbeat token (for editors); the uptime (its maintenance windows shaded) and latency chart; tabs History, Graph (only on screens shorter than 992 px, where the chart moves into it),
 * Spec and Relationships with its count. Opened by `checkId` in the URL.
 */
export function CheckDetailModal({ checkId }: { checkId: string }) {
  const [params, update] = useUrlParams();
  const [tab, setTab] = useState<Tab>('history');
  const short = useShortScreen();
  const asked = params.get('timeRange');
  const initialWindow = rangeWindow(isTimeRangeOption(asked) ? asked : '1h');
  const first = useCheck(checkId, initialWindow);
  const timeRange = isTimeRangeOption(asked) ? asked : defaultTimeRange(first.data?.last_runtime);
  const span = rangeWindow(timeRange);
  const check = useCheck(checkId, span);
  const graph = useCheckGraph(checkId, span);
  const spec = useCheckSpec(checkId);
  const relationships = useCheckRelationships(checkId);
  const locations = useCheckLocations(checkId);
  const artifacts = useCheckArtifacts(checkId);
  const maintenance = useCheckMaintenance(checkId, rangeMinutes(timeRange));
  const close = () => update(Object.fromEntries(MODAL_PARAMS.map((key) => [key, undefined])));
  const current = check.data ?? first.data;
  const activeTab: Tab = tab === 'graph' && !short ? 'history' : tab;

  let body: React.ReactNode;
  if (!current) {
    body = first.isPending ? (
      <Skeleton label="Loading check" />
    ) : first.isError ? (
      <ErrorPanel error={first.error} onRetry={() => void first.refetch()} />
    ) : (
      <EmptyState />
    );
  } else {
    const tabs: Tab[] = ['history', ...(short ? (['graph'] as const) : []), 'spec', 'relationships'];
    const tabLabel = (id: Tab) =>
      id === 'relationships' ? `Relationships (${relationshipCount(relationships.data)})` : TAB_LABELS[id];
    const chart = graph.isPending ? (
      <Skeleton shape="chart" label="Loading graph" />
    ) : graph.isError ? (
      <ErrorPanel error={graph.error} onRetry={() => void graph.refetch()} />
    ) : (
      <CheckChart
        points={graph.data?.status ?? []}
        minutes={rangeMinutes(timeRange)}
        maintenance={maintenance.data?.intervals ?? NO_MAINTENANCE}
      />
    );
    body = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex-1 text-xs text-fg-muted">
            {[current.type, current.canary_name, current.namespace, current.endpoint].filter(Boolean).join(' · ')}
          </p>
          <RunNowButton checkId={checkId} />
          <Suspense fallback={null}>
            <RunPlaybookButton resource={{ kind: 'check', id: checkId }} />
          </Suspense>
          <Suspense fallback={null}>
            <AttachAsEvidenceButton
              target={{
                type: 'check',
                check_id: checkId,
                description: `${current.name} is ${current.status ?? 'unknown'}`,
              }}
            />
          </Suspense>
        </div>
        <CheckStatCards
          check={current}
          graph={graph.data}
          timeRange={timeRange}
          onTimeRange={(value) => update({ timeRange: value }, ['pageIndex'])}
        />
        <CheckLocationsPanel locations={locations.data} />
        <CheckArtifactsPanel checkId={checkId} artifacts={artifacts.data} />
        {current.type === 'webhook' ? <HeartbeatTokenPanel checkId={checkId} /> : null}
        {short ? null : chart}
        <Suspense fallback={null}>
          <SloPanel object={{ checkId }} />
        </Suspense>
        <Tabs label="Check details" tabs={tabs} active={activeTab} onChange={setTab} labelOf={tabLabel} />
        <div role="tabpanel">
          {activeTab === 'history' ? <CheckHistory checkId={checkId} minutes={rangeMinutes(timeRange)} /> : null}
          {activeTab === 'graph' ? chart : null}
          {activeTab === 'spec' ? (
            <pre className="max-h-96 overflow-auto rounded bg-surface-muted p-2 text-xs">
              {JSON.stringify(spec.data ?? {}, null, 2)}
            </pre>
          ) : null}
          {activeTab === 'relationships' ? <CheckRelationshipsPanel relationships={relationships.data} /> : null}
        </div>
      </div>
    );
  }

  return (
    <Modal
      open
      onClose={close}
      size="large"
      expandable
      title={
        <span className="flex items-center gap-2">
          <StatusDot status={current?.status ?? 'unknown'} />
          {current ? <ResourceIcon source={{ icon: current.icon, type: current.type }} className="size-5" /> : null}
          <span>{current?.name ?? 'Check'}</span>
        </span>
      }
    >
      {body}
    </Modal>
  );
}
