import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the standalone topology view (/view/topology/{id}); until its area is built it says so on the page. */
export function TopologyViewPage() {
  return (
    <PageShell title="Topology">
      <NotBuiltYet area="topology" />
    </PageShell>
  );
}
