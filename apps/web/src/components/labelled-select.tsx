/** One choice of a `LabelledSelect`: the value it stores and the text it shows. */
export interface SelectChoice {
  value: string;
  label: string;
}

/**
 * A toolbar select with its name beside it (Group By, Auto refresh, Duration…); the name is also
 * its accessible label. The caller maps values to the URL or state it owns.
 */
export function LabelledSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="text-gray-600">{label}</span>
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
