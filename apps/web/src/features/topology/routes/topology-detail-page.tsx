import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import { ApiError } from '../../../lib/api/api-error';
import { useShowHiddenComponents } from '../../../lib/preferences';
import { useUrlParams } from '../../../lib/url-state';
import { useTopology } from '../api/get-topology';
import { ComponentActions, ComponentDetail, TopologyBreadcrumbs } from '../components/component-detail';
import { topologyQueryFrom } from '../components/topology-filters';

/** /topology/{id}: one component with breadcrumbs, its children as cards, properties and detail tabs. */
export function TopologyDetailPage() {
  const id = useParams().id ?? '';
  const [params] = useUrlParams();
  const [showHidden] = useShowHiddenComponents();
  const topology = useTopology(topologyQueryFrom(params, { id, depth: '1', hidden: showHidden ? 'true' : 'false' }));
  const component = topology.data?.components[0];

  let body: ReactNode;
  if (topology.isPending) body = <Skeleton label="Loading component" />;
  else if (topology.isError) {
    body =
      topology.error instanceof ApiError && topology.error.status === 404 ? (
        <EmptyState title="Component not found" action={{ label: 'Back to Topology', to: '/topology' }} />
      ) : (
        <ErrorPanel error={topology.error} onRetry={() => topology.refetch()} />
      );
  } else body = <ComponentDetail data={topology.data} linkBase="/topology" />;

  return (
    <PageShell
      title={topology.data ? <TopologyBreadcrumbs data={topology.data} linkBase="/topology" /> : 'Topology'}
      titleText={component ? `${component.name} · Topology` : 'Topology'}
      loading={topology.isFetching}
      onRefresh={() => topology.refetch()}
      extra={topology.data ? <ComponentActions data={topology.data} /> : null}
    >
      {body}
    </PageShell>
  );
}
