import { type CalendarDateTime, parseDateTime } from '@internationalized/date';
import { CalendarDays, X } from 'lucide-react';
import {
  DatePicker as AriaDatePicker,
  Button,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Label,
} from 'react-aria-components';
import { Calendar } from './calendar';
import { Popover } from './popover';
import { FIELD_CLASS } from './select';

function parseLocal(value: string): CalendarDateTime | null {
  try {
    return value ? parseDateTime(value) : null;
  } catch {
    return null;
  }
}

/**
 * A date-and-time field (an "until" or a "starts at"): the day, month, year, hour and minute are typed
 * segment by segment (arrow keys step a segment) and the day can also be picked in a calendar that
 * opens in a popover kept on screen; a Clear button empties it. The value is local wall-clock time, 'YYYY-MM-DDTHH:mm' (what
 * `new Date(value)` reads as local time), '' when empty; seconds are not offered.
 */
export function DateTimePicker({
  label,
  value,
  onChange,
  isDisabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
}) {
  return (
    <AriaDatePicker
      value={parseLocal(value)}
      granularity="minute"
      hourCycle={24}
      // A day picked in the calendar before any time was typed starts at midnight.
      placeholderValue={parseDateTime('2000-01-01T00:00')}
      onChange={(next) => onChange(next ? next.toString().slice(0, 16) : '')}
      isDisabled={isDisabled}
      className="flex flex-col gap-1 text-sm"
    >
      <Label className="font-medium text-fg">{label}</Label>
      <Group className={`${FIELD_CLASS} inline-flex items-center gap-2 data-[disabled]:bg-surface-hover`}>
        <DateInput className="flex flex-1">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[placeholder]:text-fg-subtle data-[focused]:bg-primary data-[focused]:text-on-primary"
            />
          )}
        </DateInput>
        {value && !isDisabled ? (
          // a plain button: inside the picker, React Aria's Button would open the calendar
          <button type="button" aria-label={`Clear ${label}`} onClick={() => onChange('')} className="text-fg-subtle">
            <X aria-hidden="true" className="size-3.5" />
          </button>
        ) : null}
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
