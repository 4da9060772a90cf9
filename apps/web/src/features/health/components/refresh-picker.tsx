import { HEALTH_REFRESH_OPTIONS } from '@mc/contracts';

/** The dashboard's auto-refresh setting (001 §4): None, or an interval with suffix s, m, h or d. */
export function RefreshPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const options: readonly string[] = HEALTH_REFRESH_OPTIONS.includes(value as (typeof HEALTH_REFRESH_OPTIONS)[number]) // a URL value may be any text
    ? HEALTH_REFRESH_OPTIONS
    : [...HEALTH_REFRESH_OPTIONS, value];
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="text-gray-600">Auto refresh</span>
      <select
        aria-label="Auto refresh"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-gray-300 bg-white px-1 py-0.5"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option === 'none' ? 'None' : option}
          </option>
        ))}
      </select>
    </label>
  );
}
