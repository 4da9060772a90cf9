import { PageShell } from '../../../components/page-shell/page-shell';
import { useUrlParams } from '../../../lib/url-state';
import { useFilterParam } from '../../../lib/use-filter-param';
import { CatalogFilterBar } from '../components/catalog-filter-bar';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { CatalogNav } from '../components/catalog-nav';
import { CatalogSummary } from '../components/catalog-summary';
import { ConfigListTable } from '../components/config-list-table';

/**
 * /catalog (issue 13 §6): the summary by type, drilling into the list of items; every filter
 * (type, status, health, labels, tags, search), the sort and the page size live in the URL.
 */
export function CatalogPage() {
  const [params] = useUrlParams();
  const filters = readCatalogFilters(params);
  const [, setType] = useFilterParam('type');
  return (
    <PageShell title="Catalog">
      <div className="flex flex-col gap-4">
        <CatalogNav />
        <CatalogFilterBar />
        <CatalogSummary filters={filters} onPickType={setType} />
        <ConfigListTable filters={filters} />
      </div>
    </PageShell>
  );
}
