import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one component of the topology; until its area is built it says so on the page. */
export function TopologyDetailPage() {
  return (
    <PageShell title="Topology">
      <NotBuiltYet area="topology" />
    </PageShell>
  );
}
