import type { MaintenanceBody } from '@mc/contracts';
import { lazy, Suspense, useState } from 'react';
import { SkeletonBar } from '../../../components/skeleton';
import { Select } from '../../../components/ui/select';
import { useDebounced } from '../../../components/use-debounced';
import type { MaintenanceWindow } from '../api/maintenance';
import { type SilenceResourceKind, useResourceSearch } from '../api/resource-search';

// React Aria's date field and calendar (47 kB gzip) load when the form is opened, not with the notifications pages.
const DateTimePicker = lazy(() =>
  import('../../../components/ui/date-time-picker').then((module) => ({ default: module.DateTimePicker })),
);

const input = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg';
const REPEATS = [
  { value: '', label: 'Does not repeat' },
  { value: 'FREQ=DAILY', label: 'Daily' },
  { value: 'FREQ=WEEKLY', label: 'Weekly (on the start’s weekday)' },
  { value: 'FREQ=MONTHLY', label: 'Monthly (on the start’s day)' },
  { value: 'custom', label: 'Custom rule (RFC 5545 RRULE)' },
] as const;
const KINDS = [
  { value: 'check', label: 'Check' },
  { value: 'component', label: 'Component' },
  { value: 'config', label: 'Catalog item' },
] as const;
const STARTS = [
  { value: 'at', label: 'At a date and time' },
  { value: 'now', label: 'Now (this minute)' },
] as const;

/** The form's values; `start` is a local date-time (the browser's zone), `timezone` the zone of the repeats. */
export interface MaintenanceFormValues {
  title: string;
  description: string;
  /** 'now': the window starts at the minute it is saved; 'at': at `start`. */
  startMode: 'now' | 'at';
  start: string;
  duration: string;
  timezone: string;
  repeat: string;
  rrule: string;
  kind: SilenceResourceKind;
  resourceId: string;
  recursive: boolean;
  filter: string;
  excludeFromUptime: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Values for a new window (starting in an hour, for an hour, in the browser's zone) or an existing one. */
export function formValuesOf(window?: MaintenanceWindow): MaintenanceFormValues {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (!window) {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    return {
      title: '',
      description: '',
      startMode: 'at',
      start: localInput(start),
      duration: '60',
      timezone: zone,
      repeat: '',
      rrule: '',
      kind: 'check',
      resourceId: '',
      recursive: true,
      filter: '',
      excludeFromUptime: true,
    };
  }
  const known = REPEATS.some((choice) => choice.value === (window.rrule ?? ''));
  const kind: SilenceResourceKind = window.component_id ? 'component' : window.config_id ? 'config' : 'check';
  return {
    title: window.title,
    description: window.description,
    startMode: 'at',
    start: localInput(new Date(window.starts_at)),
    duration: String(window.duration_minutes),
    timezone: window.timezone,
    repeat: known ? (window.rrule ?? '') : 'custom',
    rrule: known ? '' : (window.rrule ?? ''),
    kind,
    resourceId: window.check_id ?? window.component_id ?? window.config_id ?? '',
    recursive: window.recursive,
    filter: window.filter ?? '',
    excludeFromUptime: window.exclude_from_uptime,
  };
}

/** The API body the values mean. */
export function maintenanceBodyOf(values: MaintenanceFormValues): Partial<MaintenanceBody> {
  const key = values.kind === 'config' ? 'config_id' : `${values.kind}_id`;
  const rrule = values.repeat === 'custom' ? values.rrule.trim() : values.repeat;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    starts_at: (values.startMode === 'now'
      ? new Date(Math.floor(Date.now() / 60_000) * 60_000)
      : new Date(values.start)
    ).toISOString(),
    duration_minutes: Number(values.duration),
    timezone: values.timezone.trim(),
    rrule: rrule || null,
    exclude_from_uptime: values.excludeFromUptime,
    recursive: values.recursive,
    ...(values.resourceId ? { [key]: values.resourceId } : {}),
    ...(values.filter.trim() ? { filter: values.filter.trim() } : {}),
  };
}

/** A labelled text input. */
function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {props.label}
      <input
        className={input}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint ? <span className="text-xs text-fg-muted">{props.hint}</span> : null}
    </label>
  );
}

/** The scope: a check, component or catalog item (found by name), children too, and/or a CEL filter. */
function ScopeFields({ values, set }: { values: MaintenanceFormValues; set: Setter }) {
  const [search, setSearch] = useState('');
  const found = useResourceSearch(values.kind, useDebounced(search, 300), values.resourceId || undefined);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Scope (as for silences)</legend>
      <Select
        label="Resource type"
        value={values.kind}
        choices={KINDS}
        onChange={(kind) => {
          set('kind', kind as SilenceResourceKind); // the choices are the kinds
          set('resourceId', '');
        }}
      />
      <Field label="Search" value={search} onChange={setSearch} />
      <Select
        label="Resource"
        value={values.resourceId}
        choices={[
          { value: '', label: 'None' },
          ...(found.data ?? []).map((row) => ({ value: row.id, label: row.name })),
        ]}
        onChange={(resourceId) => set('resourceId', resourceId)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.recursive}
          onChange={(event) => set('recursive', event.target.checked)}
        />
        Include its children and their checks
      </label>
      <Field label="Filter (CEL)" value={values.filter} onChange={(value) => set('filter', value)} />
    </fieldset>
  );
}

type Setter = <K extends keyof MaintenanceFormValues>(key: K, value: MaintenanceFormValues[K]) => void;

/** The maintenance window form: what, when (once or repeating, in a time zone), which scope, and uptime. */
export function MaintenanceForm(props: {
  initial: MaintenanceFormValues;
  busy: boolean;
  submitLabel: string;
  onSubmit: (body: Partial<MaintenanceBody>) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(props.initial);
  const set: Setter = (key, value) => setValues((old) => ({ ...old, [key]: value }));
  const problem = !values.title.trim()
    ? 'A title is required'
    : !values.resourceId && !values.filter.trim()
      ? 'Choose a resource or write a filter'
      : null;
  return (
    <form
      aria-label="Maintenance window"
      className="grid max-w-5xl gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) props.onSubmit(maintenanceBodyOf(values));
      }}
    >
      <div className="flex flex-col gap-3">
        <Field label="Title" value={values.title} onChange={(value) => set('title', value)} />
        <Field label="Description" value={values.description} onChange={(value) => set('description', value)} />
        <Select
          label="Starts"
          value={values.startMode}
          choices={STARTS}
          onChange={(mode) => set('startMode', mode === 'now' ? 'now' : 'at')}
        />
        {values.startMode === 'at' ? (
          <Suspense fallback={<SkeletonBar className="h-14" />}>
            <DateTimePicker
              label="Start date and time"
              value={values.start}
              onChange={(value) => set('start', value)}
            />
          </Suspense>
        ) : null}
        <Field
          label="Duration (minutes)"
          type="number"
          value={values.duration}
          onChange={(value) => set('duration', value)}
        />
        <Select label="Repeats" value={values.repeat} choices={REPEATS} onChange={(repeat) => set('repeat', repeat)} />
        {values.repeat === 'custom' ? (
          <Field
            label="RRULE"
            value={values.rrule}
            onChange={(value) => set('rrule', value)}
            hint="e.g. FREQ=MONTHLY;BYDAY=1SU"
          />
        ) : null}
        <Field
          label="Time zone"
          value={values.timezone}
          onChange={(value) => set('timezone', value)}
          hint="Repeats keep their local time in this zone across daylight-saving changes"
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.excludeFromUptime}
            onChange={(event) => set('excludeFromUptime', event.target.checked)}
          />
          Leave the window out of uptime and SLO figures
        </label>
      </div>
      <div className="flex flex-col gap-3">
        <ScopeFields values={values} set={set} />
        {problem ? <p className="text-sm text-fg-muted">{problem}</p> : null}
        <div className="flex gap-2">
          <button
            type="submit"
            disabled={Boolean(problem) || props.busy}
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary disabled:opacity-50"
          >
            {props.submitLabel}
          </button>
          <button
            type="button"
            onClick={props.onCancel}
            className="rounded border border-border-strong px-3 py-1.5 text-sm"
          >
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
