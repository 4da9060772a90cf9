import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the catalog of configuration items; until its area is built it says so on the page. */
export function CatalogPage() {
  return (
    <PageShell title="Catalog">
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
