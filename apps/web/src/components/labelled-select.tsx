import { type Choice, Select } from './ui/select';

/** One choice of a `LabelledSelect`: the value it stores and the text it shows. */
export type SelectChoice = Choice;

/**
 * A toolbar select with its name beside it (Group By, Auto refresh, Duration…); the name is also
 * its accessible label. The caller maps values to the URL or state it owns. Built on the shared
 * select primitive, so its list stays on screen and works from the keyboard.
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
  return <Select inline label={label} value={value} choices={choices} onChange={onChange} />;
}
