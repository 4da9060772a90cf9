import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Calendar as AriaCalendar,
  RangeCalendar as AriaRangeCalendar,
  Button,
  CalendarCell,
  CalendarGrid,
  type DateValue,
  Heading,
} from 'react-aria-components';

const NAV_BUTTON =
  'rounded p-1 text-fg-muted outline-none hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-focus';

const CELL =
  'flex size-8 cursor-default items-center justify-center rounded text-xs outline-none data-[outside-month]:hidden data-[disabled]:text-fg-subtle data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus hover:bg-surface-hover';

function MonthHeader() {
  return (
    <header className="mb-1 flex items-center justify-between">
      <Button slot="previous" aria-label="Previous month" className={NAV_BUTTON}>
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <Heading className="text-sm font-medium" />
      <Button slot="next" aria-label="Next month" className={NAV_BUTTON}>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </header>
  );
}

/**
 * A month grid to pick one day: arrow keys move by day and week, Page Up/Down by month, Enter picks.
 * Days are 'YYYY-MM-DD' strings; this file is loaded lazily with the forms that use it (the date
 * library is the heaviest part of the primitives).
 */
export function Calendar({
  label,
  value,
  onChange,
}: {
  label: string;
  /** Left out inside a DatePicker, which supplies both. */
  value?: DateValue | null;
  onChange?: (value: DateValue) => void;
}) {
  return (
    <AriaCalendar aria-label={label} value={value} onChange={onChange} className="w-64 text-fg">
      <MonthHeader />
      <CalendarGrid className="w-full">
        {(date) => (
          <CalendarCell
            date={date}
            className={clsx(CELL, 'data-[selected]:bg-primary data-[selected]:text-on-primary')}
          />
        )}
      </CalendarGrid>
    </AriaCalendar>
  );
}

/**
 * A month grid to pick a span of days (the time-range picker's custom range): the first choice is the
 * start, the second the end; the days between are shaded.
 */
export function RangeCalendar({
  label,
  onChange,
}: {
  label: string;
  onChange: (range: { start: DateValue; end: DateValue }) => void;
}) {
  return (
    <AriaRangeCalendar aria-label={label} onChange={onChange} className="w-64 text-fg">
      <MonthHeader />
      <CalendarGrid className="w-full">
        {(date) => (
          <CalendarCell
            date={date}
            className={clsx(
              CELL,
              'data-[selected]:bg-primary-soft data-[selection-end]:bg-primary data-[selection-end]:text-on-primary data-[selection-start]:bg-primary data-[selection-start]:text-on-primary',
            )}
          />
        )}
      </CalendarGrid>
    </AriaRangeCalendar>
  );
}
