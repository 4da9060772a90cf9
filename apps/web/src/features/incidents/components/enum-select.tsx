import { capitalise } from '@mc/contracts';

/** A labelled select over enum values, shown capitalised; `placeholder` adds an empty first choice. */
export function EnumSelect({
  label,
  values,
  value,
  onChange,
  placeholder,
  error,
}: {
  label: string;
  values: readonly string[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-fg">{label}</span>
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-border-strong bg-surface px-2 py-1"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {values.map((v) => (
          <option key={v} value={v}>
            {capitalise(v)}
          </option>
        ))}
      </select>
      {error ? (
        <span role="alert" className="text-xs text-status-unhealthy">
          {error}
        </span>
      ) : null}
    </label>
  );
}
