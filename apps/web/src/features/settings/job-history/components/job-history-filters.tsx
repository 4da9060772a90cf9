import { MultiSelectFilter } from '../../../../components/filters/multi-select-filter';
import { TimeRangePicker, useTimeRangeParams } from '../../../../components/time-range-picker/time-range-picker';
import { encodeSelection } from '../../../../lib/filters';
import { useUrlParams } from '../../../../lib/url-state';
import { useJobHistoryNames } from '../api/get-job-history';
import {
  ALL_STATUSES_PARAM,
  DEFAULT_JOB_RANGE,
  DURATION_OPTIONS,
  JOB_STATUSES,
  RESOURCE_TYPE_OPTIONS,
} from '../job-history-options';
import { statusSelection } from '../job-history-query';

const RESET = ['pageIndex'];
const selectClass = 'rounded border border-gray-300 bg-white px-2 py-1 text-sm';

/**
 * The Job history filters (001 §2, §9), all in the URL: time range (default the last 2 days),
 * status (default SUCCESS excluded), minimum duration, resource type and job name. Any change
 * returns to the first page.
 */
export function JobHistoryFilters() {
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  const names = useJobHistoryNames();
  const status = statusSelection(params.get('status'));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TimeRangePicker
        value={range ?? DEFAULT_JOB_RANGE}
        onChange={(next) => {
          setRange(next);
          update({}, RESET);
        }}
      />
      <MultiSelectFilter
        label="Status"
        options={JOB_STATUSES.map((value) => ({ value }))}
        selection={status}
        onChange={(next) => update({ status: encodeSelection(next) || ALL_STATUSES_PARAM }, RESET)}
      />
      <label className="flex items-center gap-1 text-sm">
        <span className="text-gray-700">Duration</span>
        <select
          aria-label="Duration"
          className={selectClass}
          value={params.get('duration') ?? 'none'}
          onChange={(event) =>
            update({ duration: event.target.value === 'none' ? undefined : event.target.value }, RESET)
          }
        >
          {DURATION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm">
        <span className="text-gray-700">Resource Type</span>
        <select
          aria-label="Resource Type"
          className={selectClass}
          value={params.get('resourceType') ?? ''}
          onChange={(event) => update({ resourceType: event.target.value }, RESET)}
        >
          <option value="">All</option>
          {RESOURCE_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm">
        <span className="text-gray-700">Name</span>
        <select
          aria-label="Name"
          className={selectClass}
          value={params.get('name') ?? ''}
          onChange={(event) => update({ name: event.target.value }, RESET)}
        >
          <option value="">All</option>
          {(names.data ?? []).map((row) => (
            <option key={row.name} value={row.name}>
              {row.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
