import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the health-check dashboard; its area's issue fills it, until then it shows the honest empty state. */
export function HealthPage() {
  return (
    <PageShell title="Health">
      <EmptyState />
    </PageShell>
  );
}
