import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@mc/contracts';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { ComboBox } from '../../../components/ui/combobox';
import { useUrlParams } from '../../../lib/url-state';
import { usePeople } from '../api/lookups';
import { EnumSelect } from './enum-select';

/** The list's filters, all kept in the URL; any change returns to the first page (000 §5). */
export function IncidentFilters() {
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  const people = usePeople('');
  const set = (key: string) => (value: string) => update({ [key]: value }, ['pageIndex']);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-fg">Search</span>
        <input
          aria-label="Search"
          defaultValue={params.get('search') ?? ''}
          onChange={(event) => set('search')(event.target.value)}
          className="rounded border border-border-strong px-2 py-1"
        />
      </label>
      <EnumSelect
        label="Status"
        values={INCIDENT_STATUSES}
        value={params.get('status') ?? ''}
        placeholder="All"
        onChange={set('status')}
      />
      <EnumSelect
        label="Severity"
        values={INCIDENT_SEVERITIES}
        value={params.get('severity') ?? ''}
        placeholder="All"
        onChange={set('severity')}
      />
      <EnumSelect
        label="Type"
        values={INCIDENT_TYPES}
        value={params.get('type') ?? ''}
        placeholder="All"
        onChange={set('type')}
      />
      <ComboBox
        label="Commander"
        value={params.get('commander') ?? ''}
        choices={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
        onChange={set('commander')}
        placeholder="All"
      />
      <TimeRangePicker
        value={range}
        onChange={(next) => {
          setRange(next);
        }}
      />
    </div>
  );
}
