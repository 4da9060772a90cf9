import { type SLO_KINDS, SLO_WINDOW_DAYS, type SloInput, sloInputSchema } from '@mc/contracts';
import { useState } from 'react';
import { Select } from '../../../components/ui/select';
import type { SloObject } from '../api/get-slos';
import { sloQuery } from '../api/get-slos';

const input = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg';
const KIND_CHOICES = [
  { value: 'availability', label: 'Availability' },
  { value: 'latency', label: 'Latency under a threshold' },
] as const;
/** The rolling windows offered, as choices (built when asked: a module-level map ran before the contracts chunk). */
const windowChoices = () => SLO_WINDOW_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

/** The form's values as typed. */
interface Values {
  name: string;
  kind: (typeof SLO_KINDS)[number];
  target: string;
  windowDays: string;
  threshold: string;
}

/** The SLO body the values mean for `object`. */
export function sloBodyOf(values: Values, object: SloObject): SloInput {
  return {
    name: values.name.trim(),
    ...sloQuery(object),
    kind: values.kind,
    target: Number(values.target),
    window_days: Number(values.windowDays),
    ...(values.kind === 'latency' ? { latency_threshold_ms: Number(values.threshold) } : {}),
  };
}

/**
 * The add-SLO form: a name, availability or latency under a threshold, the target in percent and the
 * rolling window. Checked with the contract's schema before it is sent, so it shows the server's messages.
 */
export function SloForm({
  object,
  busy,
  onSubmit,
  onCancel,
}: {
  object: SloObject;
  busy: boolean;
  onSubmit: (body: SloInput) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>({
    name: '',
    kind: 'availability',
    target: '99.9',
    windowDays: '30',
    threshold: '500',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((old) => ({ ...old, [key]: value }));
  return (
    <form
      aria-label="Add SLO"
      className="flex flex-wrap items-end gap-3 rounded border border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const body = sloBodyOf(values, object);
        const parsed = sloInputSchema.safeParse(body);
        if (!parsed.success) {
          setProblem(
            parsed.error.issues.map((issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`).join('; '),
          );
          return;
        }
        setProblem(null);
        onSubmit(body);
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Name
        <input className={input} value={values.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <Select
        label="Kind"
        value={values.kind}
        choices={KIND_CHOICES}
        onChange={(kind) => set('kind', kind === 'latency' ? 'latency' : 'availability')}
      />
      {values.kind === 'latency' ? (
        <label className="flex flex-col gap-1 text-sm">
          Threshold (ms)
          <input
            className={`${input} w-24`}
            inputMode="numeric"
            value={values.threshold}
            onChange={(e) => set('threshold', e.target.value)}
          />
        </label>
      ) : null}
      <label className="flex flex-col gap-1 text-sm">
        Target (%)
        <input
          className={`${input} w-24`}
          inputMode="decimal"
          value={values.target}
          onChange={(e) => set('target', e.target.value)}
        />
      </label>
      <Select
        label="Window"
        value={values.windowDays}
        choices={windowChoices()}
        onChange={(days) => set('windowDays', days)}
      />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-primary px-2 py-1 text-sm text-on-primary disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save SLO'}
        </button>
        <button type="button" onClick={onCancel} className="rounded border border-border px-2 py-1 text-sm">
          Cancel
        </button>
      </div>
      {problem ? (
        <p role="alert" className="w-full text-sm text-status-unhealthy">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
