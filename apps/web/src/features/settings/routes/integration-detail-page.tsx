import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one integration; its area's issue fills it, until then it shows the honest empty state. */
export function IntegrationDetailPage() {
  return (
    <PageShell title="Integration">
      <EmptyState />
    </PageShell>
  );
}
