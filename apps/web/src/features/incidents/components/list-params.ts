import { INCIDENT_PAGE_SIZE } from '@mc/contracts';
import type { TimeRange } from '../../../lib/time-range';

/** URL filter keys of the incident list, passed to the server as they are. */
export const INCIDENT_FILTER_KEYS = ['status', 'severity', 'type', 'commander', 'search'] as const;

const UNIT_MS: Record<string, number> = {
  s: 1e3,
  m: 60e3,
  h: 3600e3,
  d: 86400e3,
  w: 604800e3,
  M: 2592000e3,
  y: 31536000e3,
};

/** Lower and upper time bounds of a picked range; relative ranges are rounded to the minute so the query key is stable. */
export function rangeBounds(range: TimeRange | undefined, now = Date.now()): { from?: string; to?: string } {
  if (!range) return {};
  if (range.type === 'absolute') {
    const from = new Date(range.from);
    const to = new Date(range.to);
    return {
      ...(Number.isNaN(from.getTime()) ? {} : { from: from.toISOString() }),
      ...(Number.isNaN(to.getTime()) ? {} : { to: to.toISOString() }),
    };
  }
  if (range.type === 'relative') {
    const match = /^now-(\d+)(mo|[smhdwMy])$/.exec(range.range);
    if (!match) return {};
    const unit = match[2] === 'mo' ? 'M' : (match[2] ?? 'd');
    const minute = Math.floor(now / 60e3) * 60e3;
    return { from: new Date(minute - Number(match[1]) * (UNIT_MS[unit] ?? 0)).toISOString() };
  }
  return {};
}

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
