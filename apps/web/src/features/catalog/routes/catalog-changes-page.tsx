import { PageShell } from '../../../components/page-shell/page-shell';
import { useUrlParams } from '../../../lib/url-state';
import { CatalogFilterBar } from '../components/catalog-filter-bar';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { CatalogNav } from '../components/catalog-nav';
import { ChangesFilterBar } from '../components/changes-filter-bar';
import { ChangesTable } from '../components/changes-table';

/**
 * /catalog/changes (issue 13 §6): every change of the items the catalog filters select (type and
 * tags carry over from /catalog), by change type, severity and time window; a row opens its diff.
 */
export function CatalogChangesPage() {
  const [params] = useUrlParams();
  const filters = readCatalogFilters(params);
  return (
    <PageShell title="Catalog Changes">
      <div className="flex flex-col gap-4">
        <CatalogNav />
        <CatalogFilterBar show={['type', 'labels', 'tags']} />
        <ChangesFilterBar />
        <ChangesTable filters={filters} />
      </div>
    </PageShell>
  );
}
