import { HEALTH_DASHBOARD } from '@mc/contracts';
import { useEffect, useRef, useState } from 'react';
import { LabelledSelect } from '../../../components/labelled-select';
import type { LabelOption } from './dashboard-filters';

/** Fields a dashboard can group or tab by, plus every label key as `label:<key>`. */
export function keyChoices(labels: readonly LabelOption[]): Array<{ value: string; label: string }> {
  return [
    { value: 'none', label: 'None' },
    { value: 'canary_name', label: 'Canary' },
    { value: 'namespace', label: 'Namespace' },
    { value: 'type', label: 'Type' },
    { value: 'severity', label: 'Severity' },
    ...labels.map((option) => ({ value: `label:${option.key}`, label: `Label: ${option.key}` })),
  ];
}

/** The search box: typing settles for 400 ms (001 §9) before the URL — and so the list — changes. */
function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), HEALTH_DASHBOARD.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <input
      type="search"
      aria-label="Search"
      placeholder={HEALTH_DASHBOARD.searchPlaceholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="min-w-64 flex-1 rounded border border-border-strong px-2 py-1 text-sm"
    />
  );
}

/**
 * The dashboard's top bar (001 §2): the filter-sidebar toggle with its active-filter count, the
 * search 'Search by name, description, or endpoint', Group By and Tab By.
 */
export function HealthToolbar({
  filterCount,
  sidebarOpen,
  onToggleSidebar,
  query,
  onQuery,
  groupBy,
  onGroupBy,
  tabBy,
  onTabBy,
  labels,
}: {
  filterCount: number;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  query: string;
  onQuery: (value: string) => void;
  groupBy: string;
  onGroupBy: (value: string) => void;
  tabBy: string;
  onTabBy: (value: string) => void;
  labels: readonly LabelOption[];
}) {
  const choices = keyChoices(labels);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border bg-surface px-4 py-2">
      <button
        type="button"
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
        className="inline-flex items-center gap-1 rounded border border-border-strong px-2 py-1 text-sm"
      >
        Filters
        <span className="rounded-full bg-primary-soft px-1.5 text-xs text-link" data-testid="active-filter-count">
          {filterCount}
        </span>
        {/* the name reads 'Filters 1 active': the visible text first (axe label-content-name-mismatch) */}
        <span className="sr-only">active</span>
      </button>
      <SearchBox value={query} onChange={onQuery} />
      <LabelledSelect label="Group By" value={groupBy} choices={choices} onChange={onGroupBy} />
      <LabelledSelect label="Tab By" value={tabBy} choices={choices} onChange={onTabBy} />
    </div>
  );
}
