import { NOTIFICATION_LIST_PAGE_SIZE } from '@mc/contracts';
import { resolvePageSize } from '../../../components/data-table/table-url-params';
import type { EarlyRequest } from '../../../lib/api/request-parts';

/**
 * The calls of the notifications page, without React: the queries (get-rules.ts, get-send-history.ts) make
 * them, and the boot script (src/boot.ts) asks for them before the console has loaded.
 */

/** The history filters (URL state): rule, status, resource, time bounds, page. */
export interface HistoryFilters {
  rule?: string;
  status?: string;
  resource?: string;
  from?: string;
  to?: string;
  pageIndex: number;
  pageSize: number;
}

/** Page size of the send history. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * The filters the address names (rule, status, resource, page), without the time range: the page adds its
 * bounds, which are resolved against the clock; the boot prefetch asks for the same page without one.
 */
export function historyFiltersOf(params: URLSearchParams): HistoryFilters {
  return {
    rule: params.get('rule') ?? undefined,
    status: params.get('status') ?? undefined,
    resource: params.get('resource') ?? undefined,
    pageIndex: Math.max(0, Number(params.get('pageIndex') ?? 0) || 0),
    pageSize: resolvePageSize(params.get('pageSize'), HISTORY_PAGE_SIZE),
  };
}

/** The rules, 1000 sorted by name (spec 000 §9). */
export const RULES_REQUEST: EarlyRequest = {
  path: '/api/db/notifications_summary',
  options: { query: { order: 'name.asc', limit: String(NOTIFICATION_LIST_PAGE_SIZE) } },
};

/** One page of the send history, newest first, filtered and counted by the server. */
export function sendHistoryRequest(filters: HistoryFilters): EarlyRequest {
  const query: Record<string, string | string[]> = {
    order: 'created_at.desc',
    limit: String(filters.pageSize),
    offset: String(filters.pageIndex * filters.pageSize),
  };
  if (filters.rule) query.notification_id = `eq.${filters.rule}`;
  if (filters.status) query.status = `eq.${filters.status}`;
  if (filters.resource) query.resource_id = `eq.${filters.resource}`;
  const created: string[] = [];
  if (filters.from) created.push(`gte.${filters.from}`);
  if (filters.to) created.push(`lt.${filters.to}`);
  if (created.length) query.created_at = created;
  return { path: '/api/db/notification_send_history_summary', options: { query, count: 'estimated' } };
}

/**
 * What the page asks for first at this address: the rules, and the send history's first page unless a time
 * range is set (its bounds are resolved against the clock when the page asks).
 */
export function notificationsPageRequests(search: string): EarlyRequest[] {
  const params = new URLSearchParams(search);
  return params.has('rangeType') ? [RULES_REQUEST] : [RULES_REQUEST, sendHistoryRequest(historyFiltersOf(params))];
}
