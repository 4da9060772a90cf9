import type { FilterSelection } from '../../../lib/filters';
import type { CheckSummary } from '../api/get-checks-summary';
import { keyValue } from './check-groups';

/** The dashboard's filters as the URL holds them. */
export interface DashboardFilters {
  hidePassing: boolean;
  query: string;
  /** `{"key=value": 1 | -1}` (001 §5). */
  labels: FilterSelection;
  tabBy: string;
  tab: string;
}

/** Search matches name, description or endpoint, case-insensitively (001 §2). */
export function matchesSearch(check: CheckSummary, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return [check.name, check.description, check.endpoint].some((field) => field?.toLowerCase().includes(text));
}

/** Included labels must all match; any excluded label that matches hides the check. */
export function matchesLabels(check: CheckSummary, labels: FilterSelection): boolean {
  const own = check.labels ?? {};
  for (const [item, state] of Object.entries(labels)) {
    const at = item.indexOf('=');
    const key = at === -1 ? item : item.slice(0, at);
    const value = at === -1 ? '' : item.slice(at + 1);
    const has = own[key] === value;
    if (state === 1 && !has) return false;
    if (state === -1 && has) return false;
  }
  return true;
}

/**
 * Everything but the tab: hide passing (healthy) checks, search, labels. With none of them set the list
 * itself comes back (no pass over every check, no copy).
 */
export function filterChecks(
  checks: readonly CheckSummary[],
  filters: Omit<DashboardFilters, 'tab' | 'tabBy'>,
): readonly CheckSummary[] {
  const search = filters.query.trim().toLowerCase();
  const labelled = Object.keys(filters.labels).length > 0;
  if (!filters.hidePassing && !search && !labelled) return checks;
  return checks.filter(
    (check) =>
      !(filters.hidePassing && check.status === 'healthy') &&
      (!search || matchesSearch(check, search)) &&
      (!labelled || matchesLabels(check, filters.labels)),
  );
}

/** The tabs: All plus the distinct non-empty values of the tab key, sorted (001 §2). */
export function tabValues(checks: readonly CheckSummary[], tabBy: string): string[] {
  if (!tabBy || tabBy === 'none') return [];
  const values = new Set<string>();
  for (const check of checks) {
    const value = keyValue(check, tabBy);
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}

/** The checks of one tab ('' or 'All' is every check: the list itself). */
export function checksInTab(checks: readonly CheckSummary[], tabBy: string, tab: string): readonly CheckSummary[] {
  if (!tab || tab === 'All' || !tabBy || tabBy === 'none') return checks;
  return checks.filter((check) => keyValue(check, tabBy) === tab);
}

/** A label key with its values; boolean kinds ('true'/'false' only) become switches (001 §2). */
export interface LabelOption {
  key: string;
  values: string[];
  boolean: boolean;
}

/** The labels the checks carry, by key, sorted. */
export function labelOptions(checks: readonly CheckSummary[]): LabelOption[] {
  const byKey = new Map<string, Set<string>>();
  for (const check of checks) {
    const labels = check.labels;
    if (!labels) continue;
    for (const key in labels) {
      let values = byKey.get(key);
      if (!values) {
        values = new Set<string>();
        byKey.set(key, values);
      }
      values.add(String(labels[key]));
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, set]) => {
      const values = [...set].sort();
      return { key, values, boolean: values.every((value) => value === 'true' || value === 'false') };
    });
}

/** The count on the filter button: Hide Passing when on, plus each label filter set. */
export function activeFilterCount(filters: Pick<DashboardFilters, 'hidePassing' | 'labels'>): number {
  return (filters.hidePassing ? 1 : 0) + Object.keys(filters.labels).length;
}
