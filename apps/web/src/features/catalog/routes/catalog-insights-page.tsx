import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the configuration insights; its area's issue fills it, until then it shows the honest empty state. */
export function CatalogInsightsPage() {
  return (
    <PageShell title="Catalog Insights">
      <EmptyState />
    </PageShell>
  );
}
