import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { type SilenceRow, useDeleteSilence, useSilencedCounts, useSilences } from '../api/silences';
import { AddSilenceLink } from '../components/add-silence-link';
import { NotificationTabs } from '../components/notification-tabs';

type Row = SilenceRow & { suppressed: number; active: boolean };

const target = (row: SilenceRow): string => {
  const parts: string[] = [];
  if (row.check_id) parts.push(`check ${row.check_id}`);
  if (row.component_id) parts.push(`component ${row.component_id}${row.recursive ? ' and its children' : ''}`);
  if (row.config_id) parts.push(`catalog item ${row.config_id}${row.recursive ? ' and its children' : ''}`);
  if (row.canary_id) parts.push(`canary ${row.canary_id}`);
  if (row.filter) parts.push(`filter ${row.filter}`);
  return parts.join('; ');
};

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
    { id: 'target', header: 'Silences', cell: ({ row }) => target(row.original) },
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
