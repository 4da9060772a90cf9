import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { Skeleton } from '../../../components/skeleton';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useCan } from '../../../lib/api/shell-queries';
import { useUrlParams } from '../../../lib/url-state';
import { type RuleCounts, type RuleSummary, useRuleCounts, useRules } from '../api/get-rules';
import { NotificationTabs } from '../components/notification-tabs';

// The rule's YAML editor and parser load when a rule is opened, not with the notifications pages.
const RuleEditor = lazy(() => import('../rule-editor').then((module) => ({ default: module.RuleEditor })));

type Row = RuleSummary & { counts?: RuleCounts };

const recipientOf = (rule: RuleSummary): string => {
  if (rule.person_id) return 'Person';
  if (rule.team_id) return 'Team';
  if (rule.playbook_id) return 'Playbook';
  const service = rule.custom_services?.[0];
  if (service?.email) return `Email ${service.email}`;
  if (service?.connection) return 'Connection';
  return '';
};

const count = (value: number | undefined) => String(value ?? 0);

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'events', header: 'Events', cell: ({ row }) => row.original.events.join(', ') },
  { id: 'recipient', header: 'Recipient', cell: ({ row }) => recipientOf(row.original) },
  { id: 'sent', header: 'Sent', cell: ({ row }) => count(row.original.counts?.sent) },
  {
    id: 'failed',
    header: 'Failed',
    cell: ({ row }) => (
      <span className={row.original.counts?.failed ? 'font-medium text-status-unhealthy' : undefined}>
        {count(row.original.counts?.failed)}
      </span>
    ),
  },
  { id: 'silenced', header: 'Silenced', cell: ({ row }) => count(row.original.counts?.silenced) },
  { id: 'suppressed', header: 'Suppressed', cell: ({ row }) => count(row.original.counts?.suppressed) },
  { id: 'error', header: 'Error', cell: ({ row }) => row.original.error ?? row.original.most_common_error ?? '' },
];

/**
 * /notifications/rules (000 §2, §9; 001 §2 `?id=`): the rules, 1000 sorted by name, each with its
 * messages sent, failed, silenced and suppressed in the chosen range (default the last day); `?id=`
 * opens a rule's document in the editor, `?new=1` a new one.
 */
export function NotificationRulesPage() {
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  const canWrite = useCan({ resource: 'notifications', action: 'write' });
  const rules = useRules();
  const bounds = rangeBounds(range);
  const from = bounds.from ?? new Date(Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000).toISOString();
  const to = bounds.to ?? new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000).toISOString();
  const counts = useRuleCounts(from, to);
  const rows = useMemo<Row[]>(() => {
    const byRule = new Map((counts.data ?? []).map((entry) => [entry.notification_id, entry]));
    return (rules.data ?? []).map((rule) => ({ ...rule, counts: byRule.get(rule.id) }));
  }, [rules.data, counts.data]);
  const open = params.get('id');
  const creating = params.get('new') === '1';
  const close = () => update({ id: null, new: null });
  return (
    <PageShell
      title="Notification Rules"
      onRefresh={() => void rules.refetch()}
      loading={rules.isFetching}
      extra={
        canWrite ? (
          <PrimaryActionButton onClick={() => update({ new: '1', id: null })}>Add Rule</PrimaryActionButton>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <NotificationTabs />
        {open || creating ? (
          <section
            aria-label={open ? 'Notification rule' : 'New notification rule'}
            className="rounded border border-border p-3"
          >
            <Suspense fallback={<Skeleton />}>
              <RuleEditor id={open} onClose={close} />
            </Suspense>
          </section>
        ) : null}
        <div className="flex items-center gap-2">
          <span className="text-sm text-fg-muted">Counts in</span>
          <TimeRangePicker value={range} onChange={setRange} />
        </div>
        {rules.error ? (
          <ErrorPanel error={rules.error} onRetry={() => void rules.refetch()} />
        ) : (
          <DataTable
            id="notification-rules"
            columns={columns}
            data={rows}
            loading={rules.isPending}
            onRowClick={(row) => update({ id: row.id, new: null })}
            empty={<EmptyState title="No notification rules yet" />}
          />
        )}
      </div>
    </PageShell>
  );
}
