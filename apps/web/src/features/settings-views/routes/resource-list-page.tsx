import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { useResourceList } from '../api/get-resources';
import type { EditableResource, ResourceType } from '../components/resource-model';
import { resourceType } from '../components/resource-types';
import { resourceTitle } from './resource-titles';

/** The empty answer of a generic page (000 §2). */
export const NO_RESOURCES = 'No resources found';

function useColumns(type: ResourceType): ColumnDef<EditableResource, unknown>[] {
  const format = useFormatDateTime();
  const columns: ColumnDef<EditableResource, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorKey: 'name',
      cell: ({ row }) => (
        <Link
          to={`/settings/${type.table}/${row.original.id}`}
          className="text-link hover:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Link>
      ),
    },
  ];
  if (type.hasNamespace) columns.push({ id: 'namespace', header: 'Namespace', accessorKey: 'namespace' });
  columns.push(
    { id: 'source', header: 'Source', accessorKey: 'source' },
    {
      id: 'updated_at',
      header: 'Updated',
      accessorKey: 'updated_at',
      cell: ({ row }) => format(row.original.updated_at),
    },
    {
      id: 'created_at',
      header: 'Created',
      accessorKey: 'created_at',
      cell: ({ row }) => format(row.original.created_at),
    },
  );
  return columns;
}

function ResourceList({ type }: { type: ResourceType }) {
  const list = useResourceList(type);
  const navigate = useNavigate();
  const canWrite = useCan({ resource: type.permission, action: 'write' });
  const columns = useColumns(type);
  const rows = list.data ?? [];
  return (
    <PageShell
      title={type.title}
      onRefresh={() => void list.refetch()}
      loading={list.isFetching}
      extra={
        canWrite ? (
          <Link to={`/settings/${type.table}/new`} className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary">
            Add {type.singular}
          </Link>
        ) : null
      }
    >
      <div className="flex flex-col gap-4 p-4">
        {list.isError ? <ErrorPanel error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.isSuccess && rows.length === 0 ? (
          <EmptyState title={NO_RESOURCES} />
        ) : (
          <DataTable
            id={`resources-${type.table}`}
            columns={columns}
            data={rows}
            loading={list.isPending}
            onRowClick={(row) => navigate(`/settings/${type.table}/${row.id}`)}
          />
        )}
      </div>
    </PageShell>
  );
}

/** The generic list of a schema-driven resource table (/settings/{table}, 000 §2); 'No resources found' when empty. */
export function ResourceListPage() {
  const { table = '' } = useParams();
  const type = resourceType(table);
  if (!type) {
    return (
      <PageShell title={resourceTitle(table)}>
        <EmptyState title={NO_RESOURCES} />
      </PageShell>
    );
  }
  return <ResourceList key={type.table} type={type} />;
}
