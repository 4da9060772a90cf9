import { TOPOLOGY_TEXTS, type TopologyResponse } from '@mc/contracts';
import { Download, Pencil, Play } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import { useCan } from '../../../lib/api/shell-queries';
import { useUrlParams } from '../../../lib/url-state';
import { snapshotUrl, useRunTopology } from '../api/run-topology';
import { ComponentTabs } from './component-tabs';
import { PropertyList } from './property-value';
import { StatusCounts } from './status-counts';
import { TopologyCards } from './topology-cards';

// Loaded with the pages that use them: the check modal (health), Run Playbook (playbooks) and Attach as
// Evidence (incidents).
const CheckDetailModal = lazy(() => import('../../health').then((module) => ({ default: module.CheckDetailModal })));
const SloPanel = lazy(() => import('../../slos').then((module) => ({ default: module.SloPanel })));
const RunPlaybookButton = lazy(() =>
  import('../../playbooks').then((module) => ({ default: module.RunPlaybookButton })),
);
const AttachAsEvidenceButton = lazy(() =>
  import('../../incidents').then((module) => ({
    default: module.AttachAsEvidenceButton,
  })),
);

const BUTTON =
  'inline-flex h-8 items-center gap-1 rounded border border-border bg-surface px-2 text-sm text-fg hover:bg-surface-hover';

/** Breadcrumbs from the dashboard through the component's ancestors (000 §2 /topology/{id}). */
export function TopologyBreadcrumbs({ data, linkBase }: { data: TopologyResponse; linkBase: string }) {
  const component = data.components[0];
  return (
    <nav aria-label="Breadcrumbs" className="flex min-w-0 items-center gap-1 truncate">
      <Link to="/topology" className="text-fg-muted hover:underline">
        Topology
      </Link>
      {data.parents.map((parent) => (
        <span key={parent.id} className="flex items-center gap-1">
          <span aria-hidden="true" className="text-fg-subtle">
            /
          </span>
          <Link to={`${linkBase}/${parent.id}`} className="text-fg-muted hover:underline">
            {parent.name}
          </Link>
        </span>
      ))}
      <span aria-hidden="true" className="text-fg-subtle">
        /
      </span>
      <span className="truncate">{component?.text || component?.name}</span>
    </nav>
  );
}

/**
 * The header actions of a component: Run Now and Edit (topology writers), snapshot, Run Playbook (the
 * playbooks applicable to the component, for people who may run them), Attach as Evidence.
 */
export function ComponentActions({ data }: { data: TopologyResponse }) {
  const component = data.components[0];
  const canWrite = useCan({ resource: 'topologies', action: 'write' });
  const run = useRunTopology();
  if (!component) return null;
  return (
    <div className="flex items-center gap-2">
      {canWrite && component.topology_id ? (
        <>
          <button
            type="button"
            className={BUTTON}
            disabled={run.isPending}
            onClick={() => run.mutate(component.topology_id ?? '')}
          >
            <Play aria-hidden="true" className="size-3.5" />
            {TOPOLOGY_TEXTS.runNow}
          </button>
          <Link to={`/settings/topologies/${component.topology_id}`} className={BUTTON}>
            <Pencil aria-hidden="true" className="size-3.5" />
            Edit Topology
          </Link>
        </>
      ) : null}
      <a href={snapshotUrl(component.id)} download className={BUTTON}>
        <Download aria-hidden="true" className="size-3.5" />
        {TOPOLOGY_TEXTS.snapshot}
      </a>
      <Suspense fallback={null}>
        <RunPlaybookButton className={BUTTON} resource={{ kind: 'component', id: component.id }} />
      </Suspense>
      <Suspense fallback={null}>
        <AttachAsEvidenceButton
          className={BUTTON}
          target={{ type: 'topology', component_id: component.id, description: component.name }}
        />
      </Suspense>
    </div>
  );
}

/**
 * A component's page body (000 §2 /topology/{id} and /view/topology/{id}): its status and reason,
 * properties, children as cards, and the detail tabs; a check opens the health area's check modal.
 */
export function ComponentDetail({ data, linkBase }: { data: TopologyResponse; linkBase: string }) {
  const [params] = useUrlParams();
  const component = data.components[0];
  if (!component) return null;
  const checkId = params.get('checkId');
  const children = component.components ?? [];
  return (
    <div className="flex flex-col gap-4 p-4">
      <section className="flex flex-col gap-2 rounded-md border border-border bg-surface p-4">
        <div className="flex items-center gap-2">
          <ResourceIcon source={{ icon: component.icon, type: component.type }} className="size-6" />
          <h2 className="text-lg font-semibold text-fg">{component.text || component.name}</h2>
          <StatusDot status={component.status} />
          <span className="text-sm text-fg-muted">{component.status}</span>
          {component.type ? <span className="text-sm text-fg-muted">· {component.type}</span> : null}
          {component.owner ? <span className="text-sm text-fg-muted">· Owner: {component.owner}</span> : null}
        </div>
        {component.status_reason ? <p className="text-sm text-status-unhealthy">{component.status_reason}</p> : null}
        {component.description ? <p className="text-sm text-fg-muted">{component.description}</p> : null}
        <PropertyList properties={component.properties} />
        <StatusCounts summary={component.summary} />
      </section>
      <section className="rounded-md border border-border bg-surface p-4">
        <Suspense fallback={null}>
          <SloPanel object={{ componentId: component.id }} />
        </Suspense>
      </section>
      {children.length > 0 ? (
        <section className="flex flex-col gap-2" aria-label="Children">
          <h3 className="text-sm font-semibold text-fg">Components</h3>
          <TopologyCards components={children} linkBase={linkBase} />
        </section>
      ) : null}
      <ComponentTabs componentId={component.id} />
      {checkId ? (
        <Suspense fallback={null}>
          <CheckDetailModal checkId={checkId} />
        </Suspense>
      ) : null}
    </div>
  );
}
