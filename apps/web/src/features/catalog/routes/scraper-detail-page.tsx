import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one catalog scraper; until its area is built it says so on the page. */
export function ScraperDetailPage() {
  return (
    <PageShell title="Catalog Scraper">
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
