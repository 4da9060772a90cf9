import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the catalog of configuration items; its area's issue fills it, until then it shows the honest empty state. */
export function CatalogPage() {
  return (
    <PageShell title="Catalog">
      <EmptyState />
    </PageShell>
  );
}
