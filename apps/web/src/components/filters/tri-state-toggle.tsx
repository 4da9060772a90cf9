import { clsx } from 'clsx';
import { nextTriState, type TriState } from '../../lib/filters';

const OPTIONS: ReadonlyArray<{ state: TriState; label: string; symbol: string }> = [
  { state: -1, label: 'Exclude', symbol: '−' },
  { state: 0, label: 'None', symbol: '·' },
  { state: 1, label: 'Include', symbol: '+' },
];

/** Exclude (-1), none (0), include (1); clicking the active state returns to 0 (001 §4). */
export function TriStateToggle({
  value,
  onChange,
  label,
}: {
  value: TriState;
  onChange: (value: TriState) => void;
  label: string;
}) {
  return (
    <fieldset className="inline-flex overflow-hidden rounded border border-gray-300" aria-label={label}>
      {OPTIONS.map((option) => (
        <button
          key={option.state}
          type="button"
          aria-label={`${option.label} ${label}`}
          aria-pressed={value === option.state}
          onClick={() => onChange(nextTriState(value, option.state))}
          className={clsx(
            'px-2 py-0.5 text-xs',
            value === option.state && option.state === 1 && 'bg-green-100 text-green-800',
            value === option.state && option.state === -1 && 'bg-red-100 text-red-800',
            value === option.state && option.state === 0 && 'bg-gray-100',
          )}
        >
          {option.symbol}
        </button>
      ))}
    </fieldset>
  );
}
