import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the standalone topology view (/view/topology/{id}); its area's issue fills it, until then it shows the honest empty state. */
export function TopologyViewPage() {
  return (
    <PageShell title="Topology">
      <EmptyState />
    </PageShell>
  );
}
