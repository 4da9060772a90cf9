import { INCIDENT_PAGE_SIZE } from '@mc/contracts';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import type { TimeRange } from '../../../lib/time-range';

/** URL filter keys of the incident list, passed to the server as they are. */
export const INCIDENT_FILTER_KEYS = ['status', 'severity', 'type', 'commander', 'search'] as const;

/** The list call's query from the page URL: filters, time bounds, page and sort (server side). */
export function listParams(params: URLSearchParams, range: TimeRange | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of INCIDENT_FILTER_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  Object.assign(out, rangeBounds(range));
  out.pageIndex = params.get('pageIndex') ?? '0';
  out.pageSize = params.get('pageSize') ?? String(INCIDENT_PAGE_SIZE);
  out.sortBy = params.get('sortBy') ?? 'created_at';
  out.sortOrder = params.get('sortOrder') ?? 'desc';
  return out;
}
