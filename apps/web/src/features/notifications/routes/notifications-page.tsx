import { NOTIFICATION_SEND_STATUSES } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { Select } from '../../../components/ui/select';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { useUrlParams } from '../../../lib/url-state';
import { useRules } from '../api/get-rules';
import { HISTORY_PAGE_SIZE, historyFiltersOf, type SendHistoryRow, useSendHistory } from '../api/get-send-history';
import { NotificationTabs } from '../components/notification-tabs';
import { SendStatusBadge, sendStatusLabel } from '../components/status-badge';

const input = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg';

const STATUS_CHOICES = [
  { value: '', label: 'All' },
  ...NOTIFICATION_SEND_STATUSES.map((status) => ({ value: status, label: sendStatusLabel(status) })),
];

function useColumns(canWrite: boolean): ColumnDef<SendHistoryRow, unknown>[] {
  const format = useFormatDateTime();
  return [
    dateTimeColumn<SendHistoryRow, 'created_at'>('created_at', 'Time', format, { enableSorting: false }),
    {
      id: 'notification_name',
      header: 'Rule',
      accessorKey: 'notification_name',
      cell: ({ row }) => (
        <Link className="text-link hover:underline" to={`/notifications/rules?id=${row.original.notification_id}`}>
          {row.original.notification_name}
        </Link>
      ),
    },
    { id: 'source_event', header: 'Event', accessorKey: 'source_event' },
    {
      id: 'resource_name',
      header: 'Resource',
      accessorKey: 'resource_name',
      cell: ({ row }) =>
        `${row.original.resource_name ?? row.original.resource_id}${row.original.resource_kind ? ` (${row.original.resource_kind})` : ''}`,
    },
    {
      id: 'status',
      header: 'Status',
      accessorKey: 'status',
      cell: ({ row }) => <SendStatusBadge status={row.original.status} />,
    },
    {
      id: 'detail',
      header: 'Detail',
      cell: ({ row }) => {
        const run = row.original.playbook_run;
        if (run) {
          return (
            <Link className="text-link hover:underline" to={`/playbooks/runs/${run.id}`}>
              Playbook run {run.name ?? run.id}: {run.status ?? 'unknown'}
            </Link>
          );
        }
        return (
          row.original.error ??
          (row.original.silence_description
            ? `Silenced: ${row.original.silence_description}`
            : (row.original.body?.split('\n')[0] ?? ''))
        );
      },
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        canWrite &&
        row.original.resource_kind &&
        ['check', 'component', 'config'].includes(row.original.resource_kind) ? (
          <Link
            className="text-link hover:underline"
            to={`/notifications/silences/add?${row.original.resource_kind === 'config' ? 'config_id' : `${row.original.resource_kind}_id`}=${row.original.resource_id}`}
          >
            Silence
          </Link>
        ) : null,
    },
  ];
}

/**
 * /notifications (000 §2; the header bell leads here): the send history — one row per message attempt
 * with its outcome — filtered by rule, status, resource and time range, all kept in the URL.
 */
export function NotificationsPage() {
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  const canWrite = useCan({ resource: 'notifications', action: 'write' });
  const rules = useRules();
  const history = useSendHistory({ ...historyFiltersOf(params), ...rangeBounds(range) });
  const choose = (key: string, value: string) => update({ [key]: value || null, pageIndex: null });
  const set = (key: string) => (event: { target: { value: string } }) => choose(key, event.target.value);
  const columns = useColumns(canWrite);
  return (
    <PageShell title="Notifications" onRefresh={() => void history.refetch()} loading={history.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <NotificationTabs />
        <search className="flex flex-wrap items-center gap-2" aria-label="Filters">
          <Select
            inline
            label="Rule"
            value={params.get('rule') ?? ''}
            choices={[
              { value: '', label: 'All' },
              ...(rules.data ?? []).map((rule) => ({ value: rule.id, label: rule.name })),
            ]}
            onChange={(value) => choose('rule', value)}
          />
          <Select
            inline
            label="Status"
            value={params.get('status') ?? ''}
            choices={STATUS_CHOICES}
            onChange={(value) => choose('status', value)}
          />
          <label className="flex items-center gap-1 text-sm">
            Resource ID
            <input
              className={input}
              defaultValue={params.get('resource') ?? ''}
              onBlur={set('resource')}
              placeholder="any"
              pattern="[0-9a-fA-F-]{36}"
            />
          </label>
          <TimeRangePicker value={range} onChange={setRange} />
        </search>
        {history.error ? (
          <ErrorPanel error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <DataTable
            id="notification-history"
            mode="server"
            columns={columns}
            data={history.data?.rows ?? []}
            total={history.data?.total ?? 0}
            loading={history.isPending}
            defaultPageSize={HISTORY_PAGE_SIZE}
            empty={
              <EmptyState
                title="No notifications sent yet"
                action={{ label: 'Add a rule', to: '/notifications/rules?new=1' }}
              />
            }
          />
        )}
      </div>
    </PageShell>
  );
}
