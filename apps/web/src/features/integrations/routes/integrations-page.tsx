import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Select } from '../../../components/ui/select';
import { useCan } from '../../../lib/api/shell-queries';
import { useUrlParams } from '../../../lib/url-state';
import { useIntegrationsPage } from '../api/get-integrations';
import { AddIntegrationModal } from '../components/add-integration-modal';
import { INTEGRATION_TYPES, integrationEditorPath, integrationsQueryFrom } from '../components/integrations-query';
import { IntegrationsTable } from '../components/integrations-table';

const TYPE_CHOICES = [{ value: '', label: 'All' }, ...INTEGRATION_TYPES];

/**
 * /settings/integrations (000 §2): catalog scrapers, topologies and log backends with their last job
 * status (integrations_with_status), filtered by type and name in the URL, paged on the server; those
 * who may write integrations open the Add Integration wizard (001 §2).
 */
export function IntegrationsPage() {
  const canWrite = useCan({ resource: 'integrations', action: 'write' });
  const navigate = useNavigate();
  const [params, update] = useUrlParams();
  const url = useTableUrlState();
  const [adding, setAdding] = useState(false);
  const type = params.get('type');
  const search = params.get('search');
  const page = useIntegrationsPage(
    integrationsQueryFrom({ type, search, sorting: url.sorting, pageIndex: url.pageIndex, pageSize: url.pageSize }),
  );
  return (
    <PageShell
      title="Integrations"
      onRefresh={() => void page.refetch()}
      loading={page.isFetching}
      extra={
        canWrite ? (
          <button
            type="button"
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
            onClick={() => setAdding(true)}
          >
            Add Integration
          </button>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Select
            inline
            label="Type"
            value={type ?? ''}
            choices={TYPE_CHOICES}
            onChange={(value) => update({ type: value || undefined }, ['pageIndex'])}
          />
          <input
            type="search"
            aria-label="Search integrations"
            placeholder="Search by name"
            className="rounded border border-border-strong px-2 py-1"
            defaultValue={search ?? ''}
            onChange={(event) => update({ search: event.target.value || undefined }, ['pageIndex'])}
          />
        </div>
        {page.error ? (
          <ErrorPanel error={page.error} onRetry={() => void page.refetch()} />
        ) : (
          <IntegrationsTable
            rows={page.data?.rows ?? []}
            total={page.data?.total ?? 0}
            loading={page.isPending}
            onOpen={(row) => navigate(integrationEditorPath(row.integration_type, row.id))}
          />
        )}
      </div>
      <AddIntegrationModal open={adding} onClose={() => setAdding(false)} />
    </PageShell>
  );
}
