import { capitalise } from '@mc/contracts';
import { Select } from '../../../components/ui/select';

/**
 * A labelled select over enum values, shown capitalised, on the shared select primitive (ADR 0006);
 * `placeholder` adds an empty first choice (an empty placeholder shows as "—", so the choice has a name).
 */
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
  const choices = [
    ...(placeholder !== undefined ? [{ value: '', label: placeholder || '—' }] : []),
    ...values.map((v) => ({ value: v, label: capitalise(v) })),
  ];
  return (
    <div className="flex flex-col gap-1 text-sm">
      <Select label={label} value={value} choices={choices} onChange={onChange} />
      {error ? (
        <span role="alert" className="text-xs text-status-unhealthy">
          {error}
        </span>
      ) : null}
    </div>
  );
}
