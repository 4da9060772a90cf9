import { formatDateTime, useFormatDateTime } from '../lib/date-format';

/** A date as the user prefers it (format and timezone), with the full timestamp in UTC as tooltip. */
export function DateTime({ value }: { value: Date | string | number | null | undefined }) {
  const format = useFormatDateTime();
  const text = format(value);
  if (!text) return null;
  return (
    <time dateTime={new Date(value ?? '').toISOString()} title={`${formatDateTime(value, 'timestamp', 'UTC')} UTC`}>
      {text}
    </time>
  );
}
