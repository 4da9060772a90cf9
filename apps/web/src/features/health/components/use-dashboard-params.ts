import { HEALTH_DASHBOARD } from '@mc/contracts';
import { useCallback } from 'react';
import type { FilterSelection } from '../../../lib/filters';
import type { TimeRange } from '../../../lib/time-range';
import { useUrlParams } from '../../../lib/url-state';
import { useFilterParam } from '../../../lib/use-filter-param';

/**
 * The range the dashboard shows without one in the URL: the last hour, upstream's window for the health
 * list (`HEALTH_DASHBOARD.summaryWindow`), named as the picker's own preset.
 */
export const DEFAULT_SUMMARY_RANGE: TimeRange = {
  type: 'relative',
  display: 'Last 1 hour',
  range: `now-${HEALTH_DASHBOARD.summaryWindow}`,
};

/** The dashboard's state, all in the URL (CONVENTIONS 13), with the defaults of 001 §9. */
export interface DashboardParams {
  hidePassing: boolean;
  query: string;
  groupBy: string;
  tabBy: string;
  tab: string;
  labels: FilterSelection;
  refresh: string;
  checkId: string;
}

/** Reads and writes the dashboard's URL parameters; changing Tab By returns to the All tab. */
export function useDashboardParams() {
  const [params, update] = useUrlParams();
  const [labels, setLabels] = useFilterParam('labels', { labels: true });
  const state: DashboardParams = {
    hidePassing:
      params.get('hidePassing') === null ? HEALTH_DASHBOARD.hidePassing : params.get('hidePassing') === 'true',
    query: params.get('query') ?? '',
    groupBy: params.get('groupBy') ?? HEALTH_DASHBOARD.groupBy,
    tabBy: params.get('tabBy') ?? HEALTH_DASHBOARD.tabBy,
    tab: params.get('tab') ?? 'All',
    labels,
    refresh: params.get('refresh') ?? 'none',
    checkId: params.get('checkId') ?? '',
  };
  const setHidePassing = useCallback((value: boolean) => update({ hidePassing: String(value) }), [update]);
  const setQuery = useCallback((value: string) => update({ query: value }), [update]);
  const setGroupBy = useCallback((value: string) => update({ groupBy: value }), [update]);
  const setTabBy = useCallback((value: string) => update({ tabBy: value }, ['tab']), [update]);
  const setTab = useCallback((value: string) => update({ tab: value === 'All' ? undefined : value }), [update]);
  const setRefresh = useCallback(
    (value: string) => update({ refresh: value === 'none' ? undefined : value }),
    [update],
  );
  return { state, setHidePassing, setQuery, setGroupBy, setTabBy, setTab, setLabels, setRefresh };
}
