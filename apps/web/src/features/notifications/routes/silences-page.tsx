import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import {
  type SilencedResource,
  type SilenceListRow,
  useDeleteSilence,
  useSilencedCounts,
  useSilences,
} from '../api/silences';
import { AddSilenceLink } from '../components/add-silence-link';
import { NotificationTabs } from '../components/notification-tabs';

// The icon module (and the drawings it asks for as it loads) comes with this page's rows: imported here, it was a
// static import of the notifications chunk, fetched with the send history too.
const ResourceIcon = lazy(() =>
  import('../../../components/resource-icon').then((module) => ({ default: module.ResourceIcon })),
);

type Row = SilenceListRow & { suppressed: number; active: boolean };

/** One silenced resource: its icon and name; kind and short id only when the reader may not read it. */
function Resource({ kind, id, resource }: { kind: string; id: string; resource: SilencedResource | null }) {
  if (!resource?.name) return <span className="text-fg-muted">{`${kind} ${id.slice(0, 8)}…`}</span>;
  return (
    <span className="inline-flex items-center gap-1" title={`${kind} ${resource.name}`}>
      <Suspense fallback={<span aria-hidden="true" className="inline-block size-4 shrink-0" />}>
        <ResourceIcon source={resource} />
      </Suspense>
      {resource.name}
    </span>
  );
}

/** What a silence covers (000 §4): its resources by name and icon, "and its children", its filter. */
function Target({ row }: { row: SilenceListRow }) {
  const children = row.recursive ? <span className="text-fg-muted"> and its children</span> : null;
  const parts = [
    row.check_id ? <Resource key="check" kind="check" id={row.check_id} resource={row.check} /> : null,
    row.component_id ? (
      <span key="component">
        <Resource kind="component" id={row.component_id} resource={row.component} />
        {children}
      </span>
    ) : null,
    row.config_id ? (
      <span key="config">
        <Resource kind="catalog item" id={row.config_id} resource={row.config} />
        {children}
      </span>
    ) : null,
    row.canary_id ? <Resource key="canary" kind="canary" id={row.canary_id} resource={row.canary} /> : null,
    row.filter ? (
      <span key="filter">
        filter <code>{row.filter}</code>
      </span>
    ) : null,
  ].filter(Boolean);
  return <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">{parts}</span>;
}

/**
 * /notifications/silences (000 §2): active and expired silences with what each covers, until when
 * ('Indefinitely' for no end, 000 §4), and how many messages it held back; delete for writers.
 */
export function SilencesPage() {
  const silences = useSilences();
  const canWrite = useCan({ resource: 'notifications', action: 'write' });
  const format = useFormatDateTime();
  const remove = useDeleteSilence();
  const ids = (silences.data ?? []).map((row) => row.id);
  const counts = useSilencedCounts(ids);
  const rows = useMemo<Row[]>(() => {
    const now = Date.now();
    return (silences.data ?? []).map((row) => ({
      ...row,
      suppressed: counts.data?.get(row.id) ?? 0,
      active: (!row.from || Date.parse(row.from) <= now) && (!row.until || Date.parse(row.until) > now),
    }));
  }, [silences.data, counts.data]);
  const columns: ColumnDef<Row, unknown>[] = [
    { id: 'target', header: 'Silences', cell: ({ row }) => <Target row={row.original} /> },
    { id: 'description', header: 'Reason', accessorKey: 'description' },
    { id: 'state', header: 'State', cell: ({ row }) => (row.original.active ? 'Active' : 'Expired') },
    { id: 'from', header: 'From', cell: ({ row }) => format(row.original.from ?? row.original.created_at) },
    {
      id: 'until',
      header: 'Until',
      cell: ({ row }) => (row.original.until ? format(row.original.until) : 'Indefinitely'),
    },
    { id: 'suppressed', header: 'Suppressed', cell: ({ row }) => String(row.original.suppressed) },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        canWrite ? (
          <button
            type="button"
            className="text-sm text-status-unhealthy hover:underline"
            onClick={() => remove.mutate(row.original.id)}
            aria-label={`Delete silence ${row.original.description ?? ''}`}
          >
            Delete
          </button>
        ) : null,
    },
  ];
  return (
    <PageShell
      title="Notification Silences"
      onRefresh={() => void silences.refetch()}
      loading={silences.isFetching}
      extra={canWrite ? <AddSilenceLink /> : null}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <NotificationTabs />
        {silences.error ? (
          <ErrorPanel error={silences.error} onRetry={() => void silences.refetch()} />
        ) : (
          <DataTable
            id="notification-silences"
            columns={columns}
            data={rows}
            loading={silences.isPending}
            empty={<EmptyState title="No silences" />}
          />
        )}
      </div>
    </PageShell>
  );
}
