import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useCan } from '../../../lib/api/shell-queries';
import { type CheckSummary, useChecksSummary } from '../api/get-checks-summary';
import { CheckDetailModal } from './check-detail-modal';
import { ChecksTable } from './checks-table';
import { activeFilterCount, checksInTab, filterChecks, labelOptions, tabValues } from './dashboard-filters';
import { HealthFilterSidebar } from './health-filter-sidebar';
import { HealthTabs } from './health-tabs';
import { HealthToolbar } from './health-toolbar';
import { refreshIntervalMs } from './refresh-interval';
import { RefreshPicker } from './refresh-picker';
import { useAutoRefresh } from './use-auto-refresh';
import { DEFAULT_SUMMARY_RANGE, useDashboardParams } from './use-dashboard-params';

const NO_CHECKS: readonly CheckSummary[] = [];
/** Rows that fill the first screen of a flat list (900 px of 37 px rows) with the overscan. */
const SCREENFUL = 35;

/** The sidebar starts open on wide screens and hidden on small ones (001 §2). */
const WIDE_SCREEN = 1024;

/**
 * The health dashboard of 001 §2, shared by /health and the standalone /view/health: filter sidebar,
 * top bar, tabs, the grouped checks and — when the URL names a check — its detail modal. The header's
 * time range (in the URL; the last hour by default) is the window of every row's uptime and latency;
 * changing it fetches again (001 §4).
 */
export function HealthDashboard() {
  const params = useDashboardParams();
  const { state } = params;
  const [range, setRange] = useTimeRangeParams();
  const [sidebarOpen, setSidebarOpen] = useState(() => window.innerWidth >= WIDE_SCREEN);
  const { hidePassing, query, labels: labelFilter, tabBy, groupBy } = state;
  const grouped = Boolean(groupBy && groupBy !== 'none');
  // a grouped view draws nothing before every check is read, so it reads the answer whole
  const { query: summary, checks, partial, readError } = useChecksSummary(range, grouped);
  const refresh = () => void summary.refetch({ cancelRefetch: true });
  const canAdd = useCan({ resource: 'canaries', action: 'write' });
  useAutoRefresh(refreshIntervalMs(state.refresh), refresh);

  const all = checks ?? NO_CHECKS;
  // derived once per answer or filter change, not on every render (10,000 checks are a few ms a pass);
  // the label filters and tabs wait for every check, the first screenful of a flat list does not
  const whole = partial ? NO_CHECKS : all;
  const labels = useMemo(() => labelOptions(whole), [whole]);
  const filtered = useMemo(
    () => filterChecks(all, { hidePassing, query, labels: labelFilter }),
    [all, hidePassing, query, labelFilter],
  );
  const tabs = useMemo(() => tabValues(partial ? NO_CHECKS : filtered, tabBy), [partial, filtered, tabBy]);
  const tab = partial || state.tab === 'All' || tabs.includes(state.tab) ? state.tab : 'All';
  const inTab = useMemo(() => checksInTab(filtered, tabBy, tab), [filtered, tabBy, tab]);
  // groups need every member, and a screenful needs enough of the first checks to pass the filters
  const waiting = partial && (grouped || inTab.length < SCREENFUL);
  const shown = waiting ? NO_CHECKS : inTab;
  const failure = summary.error ?? readError;

  return (
    <PageShell
      title="Health"
      onRefresh={refresh}
      loading={summary.isFetching}
      extra={
        <>
          <TimeRangePicker value={range ?? DEFAULT_SUMMARY_RANGE} onChange={setRange} />
          <RefreshPicker value={state.refresh} onChange={params.setRefresh} />
        </>
      }
    >
      <HealthToolbar
        filterCount={activeFilterCount(state)}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        query={state.query}
        onQuery={params.setQuery}
        groupBy={state.groupBy}
        onGroupBy={params.setGroupBy}
        tabBy={state.tabBy}
        onTabBy={params.setTabBy}
        labels={labels}
      />
      <div className="flex min-h-0 flex-1">
        {sidebarOpen ? (
          <HealthFilterSidebar
            hidePassing={state.hidePassing}
            onHidePassing={params.setHidePassing}
            labels={state.labels}
            options={labels}
            onLabels={params.setLabels}
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
          {state.tabBy !== 'none' ? <HealthTabs tabs={tabs} active={tab} onChange={params.setTab} /> : null}
          {failure && !checks?.length ? (
            <ErrorPanel error={failure} onRetry={refresh} />
          ) : summary.isSuccess && all.length === 0 ? (
            <EmptyState
              title="No checks yet"
              action={canAdd ? { label: 'Add health check', to: '/settings/canaries/new' } : undefined}
            >
              <p className="max-w-md text-sm">
                Health checks run on a schedule and show their status, uptime and latency here.
              </p>
            </EmptyState>
          ) : (
            <ChecksTable checks={shown} groupBy={groupBy} loading={summary.isPending || waiting} />
          )}
        </div>
      </div>
      {state.checkId ? <CheckDetailModal checkId={state.checkId} /> : null}
    </PageShell>
  );
}
