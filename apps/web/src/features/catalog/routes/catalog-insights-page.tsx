import { PageShell } from '../../../components/page-shell/page-shell';
import { useUrlParams } from '../../../lib/url-state';
import { CatalogFilterBar } from '../components/catalog-filter-bar';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { CatalogNav } from '../components/catalog-nav';
import { InsightsTable } from '../components/insights-table';

/** /catalog/insights (issue 13 §6): the insights of the items the catalog filters select. */
export function CatalogInsightsPage() {
  const [params] = useUrlParams();
  const filters = readCatalogFilters(params);
  return (
    <PageShell title="Catalog Insights">
      <div className="flex flex-col gap-4">
        <CatalogNav />
        <CatalogFilterBar show={['search', 'type', 'labels', 'tags']} />
        <InsightsTable filters={filters} />
      </div>
    </PageShell>
  );
}
