import { TOPOLOGY_TEXTS } from '@mc/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import { useCan } from '../../../lib/api/shell-queries';
import { useUrlParams } from '../../../lib/url-state';
import { useTopology } from '../api/get-topology';
import { TopologyCards } from '../components/topology-cards';
import { dashboardTopologyQuery, TOPOLOGY_FILTER_PARAMS, TopologyFilters } from '../components/topology-filters';
import { TOPOLOGY_FORM_PATH } from './topology-paths';

/** Where the empty state and the header send someone adding a topology: the Topology form (001 §2). */
export const ADD_TOPOLOGY_PATH = TOPOLOGY_FORM_PATH;

/** How often the dashboard re-reads the tree (builds and check results change it without a page load). */
const TOPOLOGY_DASHBOARD_REFRESH_MS = 10_000;

/**
 * /topology, the landing page (000 §2): a card per top-level component — health rolled up from checks,
 * configs and children — filtered by status, type, team and labels in the URL. With no topology at all,
 * an empty state says how to add one, with a button to the form for people who may.
 */
export function TopologyPage() {
  const [params] = useUrlParams();
  const canWrite = useCan({ resource: 'topologies', action: 'write' });
  const query = dashboardTopologyQuery(params);
  // The dashboard is the landing page: it follows builds and results without a manual refresh (a topology
  // saved a moment ago shows up once its first build has run).
  const topology = useTopology(query, { refetchMs: TOPOLOGY_DASHBOARD_REFRESH_MS });
  const filtered = TOPOLOGY_FILTER_PARAMS.some((key) => params.get(key));
  const components = topology.data?.components ?? [];

  let body: ReactNode;
  if (topology.isPending) body = <Skeleton label="Loading topology" />;
  else if (topology.isError) body = <ErrorPanel error={topology.error} onRetry={() => topology.refetch()} />;
  else if (components.length === 0 && !filtered) {
    body = (
      <EmptyState
        title={TOPOLOGY_TEXTS.emptyTitle}
        {...(canWrite ? { action: { label: TOPOLOGY_TEXTS.addTopology, to: ADD_TOPOLOGY_PATH } } : {})}
      >
        <p className="max-w-md text-sm">{TOPOLOGY_TEXTS.emptyBody}</p>
      </EmptyState>
    );
  } else if (components.length === 0) body = <EmptyState title="No components match these filters" />;
  else body = <TopologyCards components={components} />;

  return (
    <PageShell
      title="Topology"
      loading={topology.isFetching}
      onRefresh={() => topology.refetch()}
      extra={
        canWrite ? (
          <Link
            to={ADD_TOPOLOGY_PATH}
            className="inline-flex h-8 items-center rounded bg-primary px-3 text-sm font-medium text-on-primary hover:bg-primary-hover"
          >
            {TOPOLOGY_TEXTS.addTopology}
          </Link>
        ) : null
      }
    >
      <div className="flex flex-col gap-3 p-4">
        <TopologyFilters data={topology.data} />
        {body}
      </div>
    </PageShell>
  );
}
