import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the topology dashboard of cards; until its area is built it says so on the page. */
export function TopologyPage() {
  return (
    <PageShell title="Topology">
      <NotBuiltYet area="topology" />
    </PageShell>
  );
}
