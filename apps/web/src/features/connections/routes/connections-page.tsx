import { CONNECTION_TYPES } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { PageShell } from '../../../components/page-shell/page-shell';
import { ComboBox } from '../../../components/ui/combobox';
import { useCan } from '../../../lib/api/shell-queries';
import { toastError } from '../../../lib/toast';
import { useUrlParams } from '../../../lib/url-state';
import { useConnectionsPage } from '../api/get-connections';
import { ConnectionModal } from '../components/connection-modal';
import { connectionsQuery } from '../components/connections-query';
import { ConnectionsTable } from '../components/connections-table';

/**
 * /settings/connections (000 §2, 001 §3): the server-paged list with a type filter, Add Connection
 * for those who may write, and the create/edit dialog (`?id=` opens a connection, so it can be shared).
 */
export function ConnectionsPage() {
  const canWrite = useCan({ resource: 'connections', action: 'write' });
  const table = useTableUrlState();
  const [params, update] = useUrlParams();
  const [adding, setAdding] = useState(false);
  const type = params.get('type');
  const openId = params.get('id') ?? undefined;
  const page = useConnectionsPage(connectionsQuery({ ...table, type }));

  useEffect(() => {
    if (page.error) toastError(page.error); // 001 §8: a connections load failure toasts its message
  }, [page.error]);

  return (
    <PageShell
      title="Connections"
      onRefresh={() => void page.refetch()}
      loading={page.isFetching}
      extra={
        canWrite ? (
          <button
            type="button"
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
            onClick={() => setAdding(true)}
          >
            Add Connection
          </button>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <ComboBox
          label="Type"
          value={type ?? ''}
          choices={CONNECTION_TYPES.map((definition) => ({ value: definition.type, label: definition.label }))}
          onChange={(next) => update({ type: next }, ['pageIndex'])}
          placeholder="All"
          className="w-64"
        />
        <ConnectionsTable
          rows={page.data?.rows ?? []}
          total={page.data?.total ?? 0}
          loading={page.isPending}
          onOpen={(row) => update({ id: row.id })}
        />
      </div>
      {adding ? <ConnectionModal onClose={() => setAdding(false)} /> : null}
      {openId ? <ConnectionModal key={openId} id={openId} onClose={() => update({ id: undefined })} /> : null}
    </PageShell>
  );
}
