import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the catalog scrapers; its area's issue fills it, until then it shows the honest empty state. */
export function ScrapersPage() {
  return (
    <PageShell title="Catalog Scrapers">
      <EmptyState />
    </PageShell>
  );
}
