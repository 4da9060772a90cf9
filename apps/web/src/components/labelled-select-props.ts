import type { Choice } from './ui/select';

/** One choice of a `LabelledSelect`: the value it stores and the text it shows. */
export type SelectChoice = Choice;

/**
 * What a `LabelledSelect` is given. Its own file, so the placeholder and the React Aria control it loads
 * on first use both read it without importing each other.
 */
export interface LabelledSelectProps {
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  onChange: (value: string) => void;
}
