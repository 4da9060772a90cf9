import { clsx } from 'clsx';
import { ErrorPanel } from '../../../components/error-panel';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import type { FilterSelection } from '../../../lib/filters';
import type { CatalogTypeSummary } from '../api/catalog-types';
import { useCatalogSummary } from '../api/get-catalog-summary';
import type { CatalogFilters } from './catalog-filter-params';

function HealthCounts({ health }: { health: Record<string, number> }) {
  const entries = Object.entries(health).filter(([, count]) => count > 0);
  if (entries.length === 0) return <span className="text-fg-subtle">—</span>;
  return (
    <span className="inline-flex flex-wrap gap-2">
      {entries.map(([name, count]) => (
        <span key={name} className="inline-flex items-center gap-1" title={name}>
          <StatusDot status={name} />
          {count.toLocaleString()}
          <span className="sr-only"> {name}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * The summary by type (issue 13 §6): per config type the item count, health, changes and open
 * insights. Choosing a type narrows the list below to it (and choosing it again widens it back).
 */
export function CatalogSummary({
  filters,
  onPickType,
}: {
  filters: CatalogFilters;
  onPickType: (selection: FilterSelection) => void;
}) {
  const summary = useCatalogSummary(filters);
  if (summary.isError) return <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />;
  const rows: CatalogTypeSummary[] = summary.data ?? [];
  const picked = Object.entries(filters.type).filter(([, state]) => state === 1);
  const only = picked.length === 1 ? picked[0]?.[0] : undefined;
  return (
    <section aria-label="Summary by type" className="rounded-md border border-border bg-surface">
      <table className="w-full text-sm">
        <thead className="bg-surface-muted text-left text-xs font-semibold text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Items
            </th>
            <th scope="col" className="px-3 py-2">
              Health
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Changes (7 Days)
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Insights
            </th>
          </tr>
        </thead>
        <tbody aria-busy={summary.isPending}>
          {summary.isPending ? (
            <tr>
              <td colSpan={5} className="px-3 py-3">
                <div className="h-3 w-1/2 animate-pulse rounded bg-surface-strong" data-testid="summary-skeleton" />
              </td>
            </tr>
          ) : null}
          {!summary.isPending && rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-fg-muted">
                No configuration items yet. Add a scraper to fill the catalog.
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.type} className={clsx('border-t border-border-muted', only === row.type && 'bg-primary-soft')}>
              <td className="px-3 py-1.5">
                <button
                  type="button"
                  aria-pressed={only === row.type}
                  className="inline-flex items-center gap-2 text-left text-link hover:underline"
                  onClick={() => onPickType(only === row.type ? {} : { [row.type]: 1 })}
                >
                  <ResourceIcon source={{ type: row.type }} />
                  {row.type}
                </button>
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.total.toLocaleString()}</td>
              <td className="px-3 py-1.5">
                <HealthCounts health={row.health} />
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.changes.toLocaleString()}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.analysis.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
