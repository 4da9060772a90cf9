import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the connections; its area's issue fills it, until then it shows the honest empty state. */
export function ConnectionsPage() {
  return (
    <PageShell title="Connections">
      <EmptyState />
    </PageShell>
  );
}
