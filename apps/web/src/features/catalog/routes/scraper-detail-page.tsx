import { lazy, Suspense } from 'react';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';

// The page is the resource editor (settings-views: the YAML parser, react-hook-form, zod, the type grid): it
// loads as a chunk of its own with this page. Imported here, it was a static import of the catalog's chunk,
// loaded with /catalog's list.
const ScraperDetail = lazy(() => import('../scraper-detail').then((module) => ({ default: module.ScraperDetail })));

/** /catalog/scrapers/{id}: the scraper's editor, runs and items (`scraper-detail.tsx`), loaded with the page. */
export function ScraperDetailPage() {
  return (
    <Suspense
      fallback={
        <PageShell title="Catalog Scraper">
          <Skeleton />
        </PageShell>
      }
    >
      <ScraperDetail />
    </Suspense>
  );
}
