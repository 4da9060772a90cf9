import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the configuration changes; until its area is built it says so on the page. */
export function CatalogChangesPage() {
  return (
    <PageShell title="Catalog Changes">
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
