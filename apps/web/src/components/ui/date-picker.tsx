import { parseDate } from '@internationalized/date';
import { CalendarDays } from 'lucide-react';
import {
  DatePicker as AriaDatePicker,
  Button,
  DateInput,
  DateSegment,
  type DateValue,
  Dialog,
  Group,
  Label,
} from 'react-aria-components';
import { Calendar } from './calendar';
import { Popover } from './popover';
import { FIELD_CLASS } from './select';

function parseDay(value: string): DateValue | null {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
}

/**
 * A date field: typed segment by segment (arrow keys step a segment) or picked in a calendar that
 * opens in a popover kept on screen. The value is 'YYYY-MM-DD', '' when empty.
 */
export function DatePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <AriaDatePicker
      value={parseDay(value)}
      onChange={(next) => onChange(next ? next.toString() : '')}
      className="flex flex-col gap-1 text-sm"
    >
      <Label>{label}</Label>
      <Group className={`${FIELD_CLASS} inline-flex items-center gap-2`}>
        <DateInput className="flex flex-1">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[placeholder]:text-fg-subtle data-[focused]:bg-primary data-[focused]:text-on-primary"
            />
          )}
        </DateInput>
        <Button aria-label="Open calendar" className="text-fg-subtle outline-none">
          <CalendarDays aria-hidden="true" className="size-4" />
        </Button>
      </Group>
      <Popover className="p-3">
        <Dialog aria-label={label} className="outline-none">
          <Calendar label={label} />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
