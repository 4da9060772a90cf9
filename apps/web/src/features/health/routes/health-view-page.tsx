import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the standalone health view (/view/health); its area's issue fills it, until then it shows the honest empty state. */
export function HealthViewPage() {
  return (
    <PageShell title="Health">
      <EmptyState />
    </PageShell>
  );
}
