import type { JobHistoriesRow } from '@mc/contracts';
import type { FilterSelection } from '../../../lib/filters';
import type { TimeRange } from '../../../lib/time-range';

/**
 * A job_histories row (001 §3 Job history) as the data API answers it: the contract's row, of which the
 * page's reads select some columns (every one may be missing but the id, the name and the start).
 */
export type JobHistoryRow = Pick<JobHistoriesRow, 'id' | 'name' | 'time_start'> & Partial<JobHistoriesRow>;

/** The job statuses of 001 §4 (SKIPPED is what the queue writes for a skipped run). */
export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'SKIPPED'] as const;

/** Default time range of the page (001 §9): the last 2 days. */
export const DEFAULT_JOB_RANGE: TimeRange = { type: 'relative', display: 'Last 2 days', range: 'now-2d' };

/** Default status filter (001 §9): SUCCESS:-1, successful runs hidden. */
export const DEFAULT_STATUS_FILTER: FilterSelection = { SUCCESS: -1 };

/** The URL value a status filter takes when every status is shown, so the default does not come back. */
export const ALL_STATUSES_PARAM = 'all';

/** Minimum-duration choices (001 §9) and their milliseconds; 'none' filters nothing. */
export const DURATION_OPTIONS: ReadonlyArray<{ value: string; ms: number }> = [
  { value: 'none', ms: 0 },
  { value: '15s', ms: 15_000 },
  { value: '30s', ms: 30_000 },
  { value: '60s', ms: 60_000 },
  { value: '2m', ms: 120_000 },
  { value: '3m', ms: 180_000 },
  { value: '5m', ms: 300_000 },
  { value: '10m', ms: 600_000 },
  { value: '15m', ms: 900_000 },
];

/** Resource-type choices (001 §9): config_scraper reads 'Catalog Scraper'. */
export const RESOURCE_TYPE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Catalog Scraper' },
];

const RESOURCE_LINKS: Readonly<Record<string, (id: string) => string>> = {
  canary: (id) => `/settings/canaries/${id}`,
  config_scraper: (id) => `/catalog/scrapers/${id}`,
  catalog_scraper: (id) => `/catalog/scrapers/${id}`,
  topology: (id) => `/settings/topologies/${id}`,
  config: (id) => `/catalog/${id}`,
  playbook: (id) => `/playbooks/${id}`,
};

/** Where a row's resource lives, by resource_type (001 §2); undefined for types with no page. */
export function jobResourceLink(row: Pick<JobHistoryRow, 'resource_type' | 'resource_id'>): string | undefined {
  if (!row.resource_type || !row.resource_id) return undefined;
  const link = RESOURCE_LINKS[row.resource_type];
  return link ? link(encodeURIComponent(row.resource_id)) : undefined;
}

/** Tailwind classes of a status (001 §4): RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red. */
export function jobStatusClass(status: string | null | undefined): string {
  switch (status) {
    case 'RUNNING':
      return 'bg-status-pending-soft text-status-pending';
    case 'SUCCESS':
      return 'bg-status-healthy-soft text-status-healthy';
    case 'WARNING':
      return 'bg-status-warning-soft text-status-warning';
    case 'FAILED':
    case 'STOPPED':
      return 'bg-status-unhealthy-soft text-status-unhealthy';
    default:
      return 'bg-surface-hover text-fg';
  }
}

/** The detail tabs a job has (001 §2): Errors, Scrape Summary, Reconcile Summary, only those present. */
export function jobDetailTabs(details: JobHistoryRow['details']): Array<{ label: string; value: unknown }> {
  if (!details) return [];
  const present = (value: unknown) =>
    value !== undefined &&
    value !== null &&
    !(Array.isArray(value) && value.length === 0) &&
    !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
  return [
    { label: 'Errors', value: details.errors },
    { label: 'Scrape Summary', value: details.scrape_summary },
    { label: 'Reconcile Summary', value: details.summary },
  ].filter((tab) => present(tab.value));
}
