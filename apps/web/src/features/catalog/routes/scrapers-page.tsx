import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the catalog scrapers; until its area is built it says so on the page. */
export function ScrapersPage() {
  return (
    <PageShell title="Catalog Scrapers">
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
