import { DEFAULT_TABLE_PAGE_SIZE } from '@mc/contracts';
import { resolvePageSize } from '../../../components/data-table/use-table-url-state';
import { decodeSelection, type FilterSelection } from '../../../lib/filters';
import type { TimeRange } from '../../../lib/time-range';
import { quickRangeBounds } from '../../../lib/time-range-presets';
import { ALL_STATUSES_PARAM, DEFAULT_STATUS_FILTER, DURATION_OPTIONS } from './job-history-options';

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1e3,
  m: 60e3,
  h: 3600e3,
  d: 86400e3,
  w: 604800e3,
  M: 2592000e3,
  y: 31536000e3,
};

/** The columns the table and the details modal read. */
export const JOB_HISTORY_SELECT =
  'id,name,time_start,time_end,created_at,resource_name,resource_id,resource_type,agent,status,duration_millis,success_count,error_count,hostname,details';

/**
 * Bounds of a time range as ISO instants. Relative ranges are rounded down to the minute so the
 * query key stays stable between renders.
 */
export function jobRangeBounds(range: TimeRange, now = Date.now()): { from?: string; to?: string } {
  if (range.type === 'absolute') {
    const from = new Date(range.from);
    const to = new Date(range.to);
    return {
      ...(Number.isNaN(from.getTime()) ? {} : { from: from.toISOString() }),
      ...(Number.isNaN(to.getTime()) ? {} : { to: to.toISOString() }),
    };
  }
  if (range.type === 'mapped') {
    const { from, to } = quickRangeBounds(range.display, new Date(now));
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const match = /^now-(\d+)(mo|[smhdwMy])$/.exec(range.range);
  if (!match) return {};
  const unit = match[2] === 'mo' ? 'M' : (match[2] ?? 'd');
  const minute = Math.floor(now / 60e3) * 60e3;
  return { from: new Date(minute - Number(match[1]) * (UNIT_MS[unit] ?? 0)).toISOString() };
}

/**
 * The status filter of the URL: absent means the default (SUCCESS:-1 on the Jobs History page, every
 * status on a resource's Job History tab), 'all' means none.
 */
export function statusSelection(
  param: string | null,
  fallback: FilterSelection = DEFAULT_STATUS_FILTER,
): FilterSelection {
  if (param === null) return { ...fallback };
  if (param === ALL_STATUSES_PARAM) return {};
  return decodeSelection(param);
}

const list = (values: string[]) => `(${values.map((value) => `"${value.replaceAll('"', '')}"`).join(',')})`;

/**
 * The data-API query of one page of `job_histories` from the page's URL: time range, status
 * (included values win over excluded ones), minimum duration, resource type, job name, newest
 * first, `pageSize` rows (default 150, or the remembered page size) from `pageIndex`. `fixed` adds filters of an embedding page
 * (a resource's Job History tab).
 */
export function jobHistoryQuery(
  params: URLSearchParams,
  range: TimeRange,
  fixed: Record<string, string> = {},
  now = Date.now(),
  defaultStatus: FilterSelection = DEFAULT_STATUS_FILTER,
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {
    select: JOB_HISTORY_SELECT,
    order: 'created_at.desc',
    ...fixed,
  };
  const created: string[] = [];
  const { from, to } = jobRangeBounds(range, now);
  if (from) created.push(`gte.${from}`);
  if (to) created.push(`lte.${to}`);
  if (created.length) query.created_at = created;
  const statuses = Object.entries(statusSelection(params.get('status'), defaultStatus));
  const included = statuses.filter(([, state]) => state === 1).map(([value]) => value);
  const excluded = statuses.filter(([, state]) => state === -1).map(([value]) => value);
  if (included.length) query.status = `in.${list(included)}`;
  else if (excluded.length) query.status = `not.in.${list(excluded)}`;
  const duration = DURATION_OPTIONS.find((option) => option.value === params.get('duration'));
  if (duration && duration.ms > 0) query.duration_millis = `gte.${duration.ms}`;
  const resourceType = params.get('resourceType');
  if (resourceType) query.resource_type = `eq.${resourceType}`;
  const name = params.get('name');
  if (name) query.name = `eq.${name}`;
  const pageSize = resolvePageSize(params.get('pageSize'), DEFAULT_TABLE_PAGE_SIZE);
  const pageIndex = positive(params.get('pageIndex')) ?? 0;
  query.limit = String(pageSize);
  query.offset = String(pageIndex * pageSize);
  return query;
}

function positive(raw: string | null): number | undefined {
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}
