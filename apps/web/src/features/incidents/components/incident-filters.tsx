import { capitalise, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@mc/contracts';
import { LabelledSelect } from '../../../components/labelled-select';
import { TimeRangePicker, useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { ComboBox } from '../../../components/ui/combobox';
import { useUrlParams } from '../../../lib/url-state';
import { usePeople } from '../api/lookups';

/** "All" first, then the enum's values capitalised: the choices of one enum filter. */
function enumChoices(values: readonly string[]) {
  return [{ value: '', label: 'All' }, ...values.map((value) => ({ value, label: capitalise(value) }))];
}

/** The commander picker with its name beside it, as the other toolbar filters show theirs. */
function CommanderFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const people = usePeople('');
  return (
    <div className="flex items-center gap-1 text-sm">
      <span aria-hidden="true" className="text-fg-muted">
        Commander
      </span>
      <ComboBox
        label="Commander"
        hideLabel
        value={value}
        choices={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
        onChange={onChange}
        placeholder="All"
        className="w-48"
      />
    </div>
  );
}

/**
 * The list's filters, all kept in the URL; any change returns to the first page (000 §5). One row,
 * each name beside its control, the way the health, catalog, jobs and topology filter bars draw theirs.
 */
export function IncidentFilters() {
  const [params, update] = useUrlParams();
  const [range, setRange] = useTimeRangeParams();
  const set = (key: string) => (value: string) => update({ [key]: value }, ['pageIndex']);
  return (
    <fieldset aria-label="Filters" className="m-0 flex min-w-0 flex-wrap items-center gap-3 border-0 p-0">
      <input
        type="search"
        aria-label="Search"
        placeholder="Search by title or ID"
        defaultValue={params.get('search') ?? ''}
        onChange={(event) => set('search')(event.target.value)}
        className="w-56 rounded border border-border-strong bg-surface px-2 py-1 text-sm"
      />
      <LabelledSelect
        label="Status"
        value={params.get('status') ?? ''}
        choices={enumChoices(INCIDENT_STATUSES)}
        onChange={set('status')}
      />
      <LabelledSelect
        label="Severity"
        value={params.get('severity') ?? ''}
        choices={enumChoices(INCIDENT_SEVERITIES)}
        onChange={set('severity')}
      />
      <LabelledSelect
        label="Type"
        value={params.get('type') ?? ''}
        choices={enumChoices(INCIDENT_TYPES)}
        onChange={set('type')}
      />
      <CommanderFilter value={params.get('commander') ?? ''} onChange={set('commander')} />
      <TimeRangePicker value={range} onChange={setRange} />
    </fieldset>
  );
}
