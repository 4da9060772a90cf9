import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one component of the topology; its area's issue fills it, until then it shows the honest empty state. */
export function TopologyDetailPage() {
  return (
    <PageShell title="Topology">
      <EmptyState />
    </PageShell>
  );
}
