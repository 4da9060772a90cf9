import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import {
  type MaintenanceWindow,
  useDeleteMaintenance,
  useMaintenanceWindows,
  useSaveMaintenance,
} from '../api/maintenance';
import { formValuesOf, MaintenanceForm } from '../components/maintenance-form';
import { NotificationTabs } from '../components/notification-tabs';

/** What a window covers, in words. */
function scopeText(row: MaintenanceWindow): string {
  const parts = [
    row.check_id ? 'a check' : null,
    row.component_id ? `a component${row.recursive ? ' and its children' : ''}` : null,
    row.config_id ? `a catalog item${row.recursive ? ' and its children' : ''}` : null,
    row.canary_id ? 'a canary' : null,
    row.filter ? `filter ${row.filter}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * /notifications/maintenance (issue 33 item 2): maintenance windows beside silences — one-off or repeating
 * in a time zone, what each covers, whether it is under way and its next occurrences; writers schedule,
 * edit and delete them. During a window its scope's notifications are held as by a silence.
 */
export function MaintenancePage() {
  const windows = useMaintenanceWindows();
  const canWrite = useCan({ resource: 'notifications', action: 'write' });
  const format = useFormatDateTime();
  const save = useSaveMaintenance();
  const remove = useDeleteMaintenance();
  const [editing, setEditing] = useState<MaintenanceWindow | 'new' | null>(null);
  const columns: ColumnDef<MaintenanceWindow, unknown>[] = [
    { id: 'title', header: 'Maintenance', accessorKey: 'title' },
    { id: 'scope', header: 'Covers', cell: ({ row }) => scopeText(row.original) },
    {
      id: 'when',
      header: 'When',
      cell: ({ row }) =>
        `${row.original.rrule ? `${row.original.rrule} from ` : ''}${format(row.original.starts_at)} (${row.original.duration_minutes} min, ${row.original.timezone})`,
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const next = row.original.occurrences[0];
        if (row.original.active) return 'In maintenance';
        return next ? `Next ${format(next.start)}` : 'Over';
      },
    },
    { id: 'uptime', header: 'Uptime', cell: ({ row }) => (row.original.exclude_from_uptime ? 'Excluded' : 'Counted') },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        canWrite ? (
          <span className="flex gap-3">
            <button type="button" className="text-sm hover:underline" onClick={() => setEditing(row.original)}>
              Edit
            </button>
            <button
              type="button"
              className="text-sm text-status-unhealthy hover:underline"
              onClick={() => remove.mutate(row.original.id)}
              aria-label={`Delete maintenance ${row.original.title}`}
            >
              Delete
            </button>
          </span>
        ) : null,
    },
  ];
  const schedule = canWrite ? (
    <button
      type="button"
      className="rounded bg-primary px-3 py-1 text-sm text-on-primary"
      onClick={() => setEditing('new')}
    >
      Schedule maintenance
    </button>
  ) : null;
  return (
    <PageShell
      title="Maintenance Windows"
      onRefresh={() => void windows.refetch()}
      loading={windows.isFetching}
      extra={schedule}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <NotificationTabs />
        {editing ? (
          <MaintenanceForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={formValuesOf(editing === 'new' ? undefined : editing)}
            busy={save.isPending}
            submitLabel={editing === 'new' ? 'Schedule' : 'Save'}
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              save.mutate(
                { ...(editing === 'new' ? {} : { id: editing.id }), body },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        ) : null}
        {windows.error ? (
          <ErrorPanel error={windows.error} onRetry={() => void windows.refetch()} />
        ) : (
          <DataTable
            id="maintenance-windows"
            columns={columns}
            data={windows.data?.windows ?? []}
            loading={windows.isPending}
            empty={<EmptyState title="No maintenance windows" />}
          />
        )}
      </div>
    </PageShell>
  );
}
