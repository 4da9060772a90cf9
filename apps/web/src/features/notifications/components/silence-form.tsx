import type { SilenceBody } from '@mc/contracts';
import { useState } from 'react';
import { futureBound } from '../../../components/time-range-picker/range-bounds';
import { Select } from '../../../components/ui/select';
import { useDebounced } from '../../../components/use-debounced';
import { FUTURE_PRESETS, INDEFINITELY } from '../../../lib/time-range-presets';
import { type SilenceResourceKind, useResourceSearch } from '../api/resource-search';
import { useSilencePreview } from '../api/silences';

const input = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg';
const KINDS: { value: SilenceResourceKind; label: string }[] = [
  { value: 'check', label: 'Check' },
  { value: 'component', label: 'Component' },
  { value: 'config', label: 'Catalog item' },
];

/**
 * The form's values. `until` is one of 001 §9's future presets (`now+1h` …), resolved when the body is
 * built, so "Next 5 minutes" means five minutes from saving; Indefinitely maps to no `until` (000 §4).
 */
export interface SilenceFormValues {
  kind: SilenceResourceKind;
  resourceId: string;
  recursive: boolean;
  filter: string;
  until: string;
  description: string;
}

/** The form's first end: Indefinitely. */
export const DEFAULT_UNTIL = INDEFINITELY.range;

const UNTIL_CHOICES = FUTURE_PRESETS.map((preset) => ({ value: preset.range, label: preset.display }));
const MINUTE_MS = 60_000;

/** The silence body the values mean at `now`. */
export function bodyOf(values: SilenceFormValues, now = Date.now()): Partial<SilenceBody> {
  const key = values.kind === 'config' ? 'config_id' : `${values.kind}_id`;
  return {
    ...(values.resourceId ? { [key]: values.resourceId } : {}),
    ...(values.filter.trim() ? { filter: values.filter.trim() } : {}),
    recursive: values.recursive,
    until: futureBound(values.until, now),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  };
}

function Preview({ body }: { body: Partial<SilenceBody> | undefined }) {
  const preview = useSilencePreview(body);
  if (!body)
    return <p className="text-sm text-fg-muted">Choose a resource or write a filter to see what the silence covers.</p>;
  if (preview.isPending) return <p className="text-sm text-fg-muted">Working out the preview…</p>;
  if (preview.isError) return <p className="text-sm text-status-unhealthy">{preview.error.message}</p>;
  const { total, days, rows, covers } = preview.data;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        Would have suppressed <strong>{total}</strong> {total === 1 ? 'message' : 'messages'} in the last {days} days.
      </p>
      {rows.length ? (
        <ul className="max-h-40 overflow-auto text-fg-muted">
          {rows.slice(0, 20).map((row) => (
            <li key={row.id}>
              {new Date(row.created_at).toLocaleString()} · {row.notification_name} · {row.source_event} ·{' '}
              {row.resource_name ?? ''} · {row.status}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Covers now: <strong>{covers.length}</strong> {covers.length === 1 ? 'resource' : 'resources'}
      </p>
      <ul className="max-h-40 overflow-auto text-fg-muted" aria-label="Covered resources">
        {covers.slice(0, 50).map((resource) => (
          <li key={`${resource.kind}-${resource.id}`}>
            {resource.kind}: {resource.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The add-silence form: resource picker, filter, until or indefinitely, reason, and the live preview. */
export function SilenceForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: SilenceFormValues;
  busy: boolean;
  onSubmit: (body: Partial<SilenceBody>) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [search, setSearch] = useState('');
  const found = useResourceSearch(values.kind, useDebounced(search, 300), values.resourceId || undefined);
  const set = <K extends keyof SilenceFormValues>(key: K, value: SilenceFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  // the preview's end is taken to the minute, so re-renders keep its request the same
  const previewBody =
    values.resourceId || values.filter.trim()
      ? { ...bodyOf(values, Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS), description: undefined }
      : undefined;
  const debouncedText = useDebounced(previewBody ? JSON.stringify(previewBody) : '', 400);
  const debounced = debouncedText ? (JSON.parse(debouncedText) as Partial<SilenceBody>) : undefined;
  const problem = !values.description.trim()
    ? 'A reason is required'
    : !values.resourceId && !values.filter.trim()
      ? 'Choose a resource or write a filter'
      : null;
  return (
    <form
      className="grid max-w-5xl gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onSubmit(bodyOf(values));
      }}
    >
      <div className="flex flex-col gap-3">
        <Select
          label="Resource type"
          value={values.kind}
          choices={KINDS}
          onChange={(kind) =>
            setValues((old) => ({
              ...old,
              kind: kind as SilenceResourceKind /* the choices are the kinds */,
              resourceId: '',
            }))
          }
        />
        <label className="flex flex-col gap-1 text-sm">
          Search
          <input
            className={input}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="name contains…"
          />
        </label>
        <Select
          label="Resource"
          value={values.resourceId}
          choices={[
            { value: '', label: 'None (filter only)' },
            ...(found.data ?? []).map((row) => ({
              value: row.id,
              label: `${row.name}${row.type ? ` (${row.type})` : ''}`,
            })),
          ]}
          onChange={(resourceId) => set('resourceId', resourceId)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.recursive}
            onChange={(event) => set('recursive', event.target.checked)}
          />
          Include children (components below it and their checks)
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Filter (CEL)
          <input
            className={input}
            value={values.filter}
            onChange={(event) => set('filter', event.target.value)}
            placeholder="check.labels.env == 'staging'"
          />
        </label>
        <Select label="Until" value={values.until} choices={UNTIL_CHOICES} onChange={(until) => set('until', until)} />
        <label className="flex flex-col gap-1 text-sm">
          Reason
          <textarea
            className={input}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            rows={3}
          />
        </label>
        {problem ? <p className="text-sm text-fg-muted">{problem}</p> : null}
        <div className="flex gap-2">
          <button
            type="submit"
            disabled={busy || Boolean(problem)}
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary disabled:opacity-50"
          >
            Save
          </button>
          <button type="button" onClick={onCancel} className="rounded border border-border-strong px-3 py-1.5 text-sm">
            Cancel
          </button>
        </div>
      </div>
      <section aria-label="Preview" className="flex flex-col gap-2 rounded border border-border p-3">
        <h2 className="text-sm font-semibold">Preview</h2>
        <Preview body={debounced} />
      </section>
    </form>
  );
}
