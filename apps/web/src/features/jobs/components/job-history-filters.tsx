import { MultiSelectFilter } from '../../../components/filters/multi-select-filter';
import { LabelledSelect } from '../../../components/labelled-select';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { encodeSelection } from '../../../lib/filters';
import { timeRangeToParams } from '../../../lib/time-range';
import { useUrlParams } from '../../../lib/url-state';
import { useJobHistoryNames } from '../api/get-job-history';
import {
  ALL_STATUSES_PARAM,
  DEFAULT_JOB_RANGE,
  DURATION_OPTIONS,
  JOB_STATUSES,
  RESOURCE_TYPE_OPTIONS,
} from './job-history-options';
import { statusSelection } from './job-history-query';

const RESET = ['pageIndex'];
const ALL = { value: '', label: 'All' };

/**
 * The Job history filters (001 §2, §9), all in the URL: time range (default the last 2 days),
 * status (default SUCCESS excluded), minimum duration, resource type and job name. Any change
 * returns to the first page.
 */
export function JobHistoryFilters() {
  const [params, update] = useUrlParams();
  const [range] = useTimeRangeParams();
  const names = useJobHistoryNames();
  const status = statusSelection(params.get('status'));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TimeRangePicker
        value={range ?? DEFAULT_JOB_RANGE}
        // One URL update: a second one in the same tick starts from the params before the first and
        // dropped the chosen range (picking a preset did nothing).
        onChange={(next) => update(timeRangeToParams(next), RESET)}
      />
      <MultiSelectFilter
        label="Status"
        options={JOB_STATUSES.map((value) => ({ value }))}
        selection={status}
        onChange={(next) => update({ status: encodeSelection(next) || ALL_STATUSES_PARAM }, RESET)}
      />
      <LabelledSelect
        label="Duration"
        value={params.get('duration') ?? 'none'}
        choices={DURATION_OPTIONS.map((option) => ({ value: option.value, label: option.value }))}
        onChange={(duration) => update({ duration: duration === 'none' ? undefined : duration }, RESET)}
      />
      <LabelledSelect
        label="Resource Type"
        value={params.get('resourceType') ?? ''}
        choices={[ALL, ...RESOURCE_TYPE_OPTIONS]}
        onChange={(resourceType) => update({ resourceType }, RESET)}
      />
      <LabelledSelect
        label="Name"
        value={params.get('name') ?? ''}
        choices={[ALL, ...(names.data ?? []).map((row) => ({ value: row.name, label: row.name }))]}
        onChange={(name) => update({ name }, RESET)}
      />
    </div>
  );
}
