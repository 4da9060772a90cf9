import { MultiSelectFilter } from '../../../components/filters/multi-select-filter';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { Select } from '../../../components/ui/select';
import { useUrlParams } from '../../../lib/url-state';
import { useFilterParam } from '../../../lib/use-filter-param';
import { useConfigOptions } from '../api/get-config-options';

/** Change severities, most severe first; the filter keeps a severity and every one above it. */
export const CHANGE_SEVERITY_CHOICES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/**
 * The changes' own filters, in the URL: change type, minimum severity and the time window (the
 * server's default window, the last 2 days, when none is picked and the page sets no start).
 */
export function ChangesFilterBar({ defaultWindow = 'Last 2 days' }: { defaultWindow?: string }) {
  const changeTypes = useConfigOptions('changeTypes');
  const [types, setTypes] = useFilterParam('changeType');
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  return (
    <fieldset aria-label="Change filters" className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
      <MultiSelectFilter
        label="Change"
        options={(changeTypes.data ?? []).map((value) => ({ value }))}
        selection={types}
        onChange={setTypes}
      />
      <Select
        label="Severity"
        inline
        value={params.get('severity') ?? ''}
        onChange={(severity) => update({ severity }, ['pageIndex'])}
        choices={[
          { value: '', label: 'All' },
          ...CHANGE_SEVERITY_CHOICES.map((value) => ({ value, label: `${value} and above` })),
        ]}
      />
      <TimeRangePicker value={range} onChange={setRange} />
      {range ? null : <span className="text-xs text-fg-muted">{defaultWindow}</span>}
    </fieldset>
  );
}
