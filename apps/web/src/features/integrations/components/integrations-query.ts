import type { SortingState } from '@tanstack/react-table';
import type { IntegrationType } from '../api/get-integrations';

/** The kinds of integration the type filter offers, with their labels. */
export const INTEGRATION_TYPES: ReadonlyArray<{ value: IntegrationType; label: string }> = [
  { value: 'scrapers', label: 'Catalog Scraper' },
  { value: 'topologies', label: 'Topology' },
  { value: 'logging_backends', label: 'Log Backend' },
];

/** Columns the table may sort by on the server. */
const SORTABLE = new Set(['name', 'integration_type', 'job_status', 'job_time_start', 'created_at', 'updated_at']);

/**
 * The data-API query of one page of integrations from the URL's state: the type filter
 * (`type`), a name search (`search`), the sort (name by default) and the page.
 */
export function integrationsQueryFrom(options: {
  type: string | null;
  search: string | null;
  sorting: SortingState;
  pageIndex: number;
  pageSize: number;
}): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.type && INTEGRATION_TYPES.some((entry) => entry.value === options.type)) {
    query.integration_type = `eq.${options.type}`;
  }
  const search = options.search?.trim().replace(/[*,()"\\]/g, '');
  if (search) query.name = `ilike.*${search}*`;
  const sort = options.sorting[0];
  query.order =
    sort && SORTABLE.has(sort.id) ? `${sort.id}.${sort.desc ? 'desc' : 'asc'}.nullslast,id.asc` : 'name.asc,id.asc';
  query.limit = String(options.pageSize);
  query.offset = String(options.pageIndex * options.pageSize);
  return query;
}

/** The page of an integration's own editor. */
export function integrationEditorPath(type: IntegrationType, id: string): string {
  if (type === 'scrapers') return `/catalog/scrapers/${encodeURIComponent(id)}`;
  return `/settings/${type}/${encodeURIComponent(id)}`;
}
