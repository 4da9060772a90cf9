import { PLAYBOOK_RUN_STATUSES } from '@mc/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { Select } from '../../../components/ui/select';
import { useFormatDateTime } from '../../../lib/date-format';
import { isUuid } from '../../../lib/uuid';
import { type PlaybookRunView, usePlaybookRuns, usePlaybooks } from '../api/playbooks';
import { RUN_STATUS_TEXT } from '../components/run-status-text';

function resourceOf(run: PlaybookRunView): { to: string; label: string } | null {
  if (run.config_id) return { to: `/catalog/${run.config_id}`, label: 'Catalog item' };
  if (run.component_id) return { to: `/topology/${run.component_id}`, label: 'Component' };
  if (run.check_id) return { to: `/health?checkId=${run.check_id}`, label: 'Check' };
  return null;
}

/**
 * /playbooks/runs (000 §2, 001 §2 `?playbook={id}`): runs newest first, paged on the server, filtered
 * by playbook, status, resource (`?resource={id}` of a check, catalog item or component) and time range,
 * all in the URL; a row opens the run's page.
 */
export function PlaybookRunsPage() {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useTimeRangeParams();
  const resource = params.get('resource') ?? '';
  const filters = {
    playbook: params.get('playbook') ?? undefined,
    status: params.get('status') ?? undefined,
    resource: isUuid(resource) ? resource : undefined,
    ...rangeBounds(range),
  };
  const url = useTableUrlState();
  const runs = usePlaybookRuns(filters, url.pageIndex, url.pageSize);
  const playbooks = usePlaybooks();
  const navigate = useNavigate();
  const format = useFormatDateTime();
  const titles = useMemo(() => new Map((playbooks.data ?? []).map((p) => [p.id, p.title || p.name])), [playbooks.data]);
  const setFilter = (key: 'playbook' | 'status' | 'resource', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('pageIndex');
    setParams(next);
  };
  const columns: ColumnDef<PlaybookRunView, unknown>[] = [
    {
      id: 'playbook',
      header: 'Playbook',
      cell: ({ row }) => (
        <Link className="hover:underline" to={`/playbooks/runs/${row.original.id}`}>
          {titles.get(row.original.playbook_id) ?? row.original.playbook_id}
        </Link>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => RUN_STATUS_TEXT[row.original.status] ?? row.original.status },
    {
      id: 'resource',
      header: 'Resource',
      cell: ({ row }) => {
        const link = resourceOf(row.original);
        return link ? (
          <Link className="hover:underline" to={link.to} onClick={(event) => event.stopPropagation()}>
            {link.label}
          </Link>
        ) : (
          ''
        );
      },
    },
    { id: 'created_at', header: 'Started', cell: ({ row }) => format(row.original.created_at) },
    { id: 'error', header: 'Error', cell: ({ row }) => row.original.error ?? '' },
  ];
  return (
    <PageShell title="Playbook Runs" onRefresh={() => void runs.refetch()} loading={runs.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <Select
            label="Playbook"
            inline
            value={filters.playbook ?? ''}
            onChange={(next) => setFilter('playbook', next)}
            choices={[
              { value: '', label: 'All' },
              ...(playbooks.data ?? []).map((p) => ({ value: p.id, label: p.title || p.name })),
            ]}
          />
          <Select
            label="Status"
            inline
            value={filters.status ?? ''}
            onChange={(next) => setFilter('status', next)}
            choices={[
              { value: '', label: 'All' },
              ...PLAYBOOK_RUN_STATUSES.map((status) => ({ value: status, label: RUN_STATUS_TEXT[status] ?? status })),
            ]}
          />
          <label className="flex items-center gap-2 text-sm">
            Resource
            <input
              className="w-80 rounded border border-border bg-surface px-2 py-1"
              placeholder="Check, catalog item or component id"
              defaultValue={resource}
              key={resource}
              onBlur={(event) => setFilter('resource', event.target.value.trim())}
              onKeyDown={(event) => {
                if (event.key === 'Enter') setFilter('resource', event.currentTarget.value.trim());
              }}
              aria-invalid={resource && !isUuid(resource) ? true : undefined}
            />
          </label>
          <TimeRangePicker value={range} onChange={setRange} />
        </div>
        {runs.error ? (
          <ErrorPanel error={runs.error} />
        ) : (
          <DataTable
            id="playbook-runs"
            columns={columns}
            data={runs.data?.rows ?? []}
            mode="server"
            total={runs.data?.total ?? 0}
            loading={runs.isLoading}
            onRowClick={(row) => navigate(`/playbooks/runs/${row.id}`)}
          />
        )}
      </div>
    </PageShell>
  );
}
