import { useCallback } from 'react';
import { BROWSER_TIMEZONE, type DatetimeFormat, useDatetimeFormat, useDisplayTimezone } from './preferences';
import { relativeTime } from './relative-time';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The browser zone's parts from the Date's own local getters: `formatToParts` costs microseconds per
 * call, which a table's first frame pays for every visible date cell (9–17 ms on /catalog's first frame).
 */
function localParts(date: Date) {
  const month = date.getMonth();
  return {
    year: String(date.getFullYear()),
    month: pad(month + 1),
    monthName: MONTHS[month] ?? '',
    day: pad(date.getDate()),
    weekday: WEEKDAYS[date.getDay()] ?? '',
    hour: pad(date.getHours()),
    minute: pad(date.getMinutes()),
    second: pad(date.getSeconds()),
    millis: pad(date.getMilliseconds(), 3),
  };
}

/** The wall-clock parts of an instant in a zone (undefined or 'Browser' means the browser's). */
export function zonedParts(date: Date, timezone?: string) {
  const zone = !timezone || timezone === BROWSER_TIMEZONE ? undefined : timezone;
  if (!zone) return localParts(date);
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) parts[part.type] = part.value;
  const month = Number(parts.month);
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    monthName: MONTHS[month - 1] ?? '',
    day: parts.day ?? '',
    weekday: parts.weekday ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    millis: parts.fractionalSecond ?? '000',
  };
}

/**
 * The one date formatter of the console (001 §2 preferences):
 * short '1h' (age), medium 'Mon 10:30:45', full 'Jan 1 10:30:01.999', timestamp '2025-01-01 10:30:01.999'.
 * An empty or invalid value gives ''.
 */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  format: DatetimeFormat = 'timestamp',
  timezone: string = BROWSER_TIMEZONE,
  now: Date = new Date(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (format === 'short') return relativeTime(date, now);
  const p = zonedParts(date, timezone);
  const time = `${p.hour}:${p.minute}:${p.second}`;
  if (format === 'medium') return `${p.weekday} ${time}`;
  if (format === 'full') return `${p.monthName} ${Number(p.day)} ${time}.${p.millis}`;
  return `${p.year}-${p.month}-${p.day} ${time}.${p.millis}`;
}

/** A formatter bound to the user's stored format and timezone preferences. */
export function useFormatDateTime(): (value: Date | string | number | null | undefined) => string {
  const [format] = useDatetimeFormat();
  const [timezone] = useDisplayTimezone();
  return useCallback((value) => formatDateTime(value, format, timezone), [format, timezone]);
}
