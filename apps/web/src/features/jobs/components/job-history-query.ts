import { DEFAULT_TABLE_PAGE_SIZE } from '@mc/contracts';
import { resolvePageSize } from '../../../components/data-table/use-table-url-state';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import { decodeSelection, type FilterSelection } from '../../../lib/filters';
import type { TimeRange } from '../../../lib/time-range';
import { ALL_STATUSES_PARAM, DEFAULT_STATUS_FILTER, DURATION_OPTIONS } from './job-history-options';

/** The columns the table and the details modal read. */
export const JOB_HISTORY_SELECT =
  'id,name,time_start,time_end,created_at,resource_name,resource_id,resource_type,agent,status,duration_millis,success_count,error_count,hostname,details';

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
  const { from, to } = rangeBounds(range, now);
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
