import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the configuration insights; until its area is built it says so on the page. */
export function CatalogInsightsPage() {
  return (
    <PageShell title="Catalog Insights">
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
