import { HEALTH_REFRESH_OPTIONS } from '@mc/contracts';
import { LabelledSelect } from '../../../components/labelled-select';

/** The dashboard's auto-refresh setting (001 §4): None, or an interval with suffix s, m, h or d. */
export function RefreshPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const options: readonly string[] = HEALTH_REFRESH_OPTIONS.includes(value as (typeof HEALTH_REFRESH_OPTIONS)[number]) // a URL value may be any text
    ? HEALTH_REFRESH_OPTIONS
    : [...HEALTH_REFRESH_OPTIONS, value];
  const choices = options.map((option) => ({ value: option, label: option === 'none' ? 'None' : option }));
  return <LabelledSelect label="Auto refresh" value={value} choices={choices} onChange={onChange} />;
}
