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
    <fieldset className="inline-flex overflow-hidden rounded border border-border-strong" aria-label={label}>
      {OPTIONS.map((option) => (
        <button
          key={option.state}
          type="button"
          aria-label={`${option.label} ${label}`}
          aria-pressed={value === option.state}
          onClick={() => onChange(nextTriState(value, option.state))}
          className={clsx(
            'px-2 py-0.5 text-xs',
            value === option.state && option.state === 1 && 'bg-status-healthy-soft text-status-healthy',
            value === option.state && option.state === -1 && 'bg-status-unhealthy-soft text-status-unhealthy',
            value === option.state && option.state === 0 && 'bg-surface-hover',
          )}
        >
          {option.symbol}
        </button>
      ))}
    </fieldset>
  );
}
