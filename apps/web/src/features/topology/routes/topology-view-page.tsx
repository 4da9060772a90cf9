import { TOPOLOGY_VIEW_REFRESH_MS } from '@mc/contracts';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { documentTitle } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import { useTopology } from '../api/get-topology';
import { ComponentDetail, TopologyBreadcrumbs } from '../components/component-detail';

/**
 * /view/topology/{id} (000 §2): the component page without the sidebar and without waiting for the
 * feature flags, for wall screens — refreshed every 30 s, children opening in the same standalone view.
 */
export function TopologyViewPage() {
  const id = useParams().id ?? '';
  const topology = useTopology({ id, depth: '1', hidden: 'false' }, { refetchMs: TOPOLOGY_VIEW_REFRESH_MS });
  const name = topology.data?.components[0]?.name;
  useEffect(() => {
    document.title = documentTitle(name ? `${name} · Topology` : 'Topology');
  }, [name]);
  let body: ReactNode;
  if (topology.isPending) body = <Skeleton label="Loading component" />;
  else if (topology.isError) body = <ErrorPanel error={topology.error} onRetry={() => topology.refetch()} />;
  else body = <ComponentDetail data={topology.data} linkBase="/view/topology" />;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto bg-canvas">
      <header className="flex h-12 shrink-0 items-center border-b border-border bg-surface px-4">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-fg">
          {topology.data ? <TopologyBreadcrumbs data={topology.data} linkBase="/view/topology" /> : 'Topology'}
        </h1>
      </header>
      {body}
    </div>
  );
}
