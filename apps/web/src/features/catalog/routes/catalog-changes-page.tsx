import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the configuration changes; its area's issue fills it, until then it shows the honest empty state. */
export function CatalogChangesPage() {
  return (
    <PageShell title="Catalog Changes">
      <EmptyState />
    </PageShell>
  );
}
