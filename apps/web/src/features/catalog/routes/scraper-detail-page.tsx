import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one catalog scraper; its area's issue fills it, until then it shows the honest empty state. */
export function ScraperDetailPage() {
  return (
    <PageShell title="Catalog Scraper">
      <EmptyState />
    </PageShell>
  );
}
