import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the topology dashboard of cards; its area's issue fills it, until then it shows the honest empty state. */
export function TopologyPage() {
  return (
    <PageShell title="Topology">
      <EmptyState />
    </PageShell>
  );
}
