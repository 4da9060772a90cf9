/**
 * Go reference-time layouts (`2006-01-02T15:04:05Z07:00`, `02 Jan 06 3:04PM -0700`…) as Go's `time.Parse`
 * reads them. Upstream reads them in two places — config-db's `timestampFormat` and canary-checker's CEL
 * `time.Parse` — so both share this one reader. A layout becomes one anchored regular expression with no
 * nested quantifiers over bounded text, so parsing stays linear whatever a definition holds.
 */

type Field =
  | 'year'
  | 'year2'
  | 'month'
  | 'monthName'
  | 'monthShort'
  | 'day'
  | 'hour'
  | 'hour12'
  | 'minute'
  | 'second'
  | 'fraction'
  | 'ampm'
  | 'zone'
  | 'skip';

/** Layout tokens, longest first where two share a start: layout text, what it matches, the field it fills. */
const TOKENS: readonly [string, string, Field][] = [
  ['January', '[A-Za-z]+', 'monthName'],
  ['Monday', '[A-Za-z]+', 'skip'],
  ['Z07:00', 'Z|[+-]\\d{2}:\\d{2}', 'zone'],
  ['-07:00', '[+-]\\d{2}:\\d{2}', 'zone'],
  ['Z0700', 'Z|[+-]\\d{4}', 'zone'],
  ['-0700', '[+-]\\d{4}', 'zone'],
  ['2006', '\\d{4}', 'year'],
  ['.000000000', '\\.\\d{9}', 'fraction'],
  ['.999999999', '(?:\\.\\d{1,9})?', 'fraction'],
  ['.000000', '\\.\\d{6}', 'fraction'],
  ['.999999', '(?:\\.\\d{1,6})?', 'fraction'],
  ['.000', '\\.\\d{3}', 'fraction'],
  ['.999', '(?:\\.\\d{1,3})?', 'fraction'],
  ['Jan', '[A-Za-z]{3}', 'monthShort'],
  ['Mon', '[A-Za-z]{3}', 'skip'],
  ['MST', '[A-Z]{3,5}', 'skip'],
  ['-07', '[+-]\\d{2}', 'zone'],
  ['01', '\\d{2}', 'month'],
  ['02', '\\d{2}', 'day'],
  ['_2', ' ?\\d{1,2}', 'day'],
  ['06', '\\d{2}', 'year2'],
  ['15', '\\d{2}', 'hour'],
  ['03', '\\d{2}', 'hour12'],
  ['04', '\\d{2}', 'minute'],
  ['05', '\\d{2}', 'second'],
  ['PM', 'AM|PM', 'ampm'],
  ['pm', 'am|pm', 'ampm'],
  ['1', '\\d{1,2}', 'month'],
  ['2', '\\d{1,2}', 'day'],
  ['3', '\\d{1,2}', 'hour12'],
  ['4', '\\d{1,2}', 'minute'],
  ['5', '\\d{1,2}', 'second'],
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Longest layout read; a value may be twice as long (month and day names widen it). */
export const MAX_GO_LAYOUT = 128;
const MAX_VALUE = MAX_GO_LAYOUT * 2;
const MS_PER_MINUTE = 60_000;

/** A parsed time, or why the value does not fit the layout (text in Go's wording, safe to show). */
export type GoTimeResult = { ok: true; time: Date } | { ok: false; reason: string };

function compile(layout: string): { pattern: RegExp; fields: Field[] } {
  let source = '';
  const fields: Field[] = [];
  let at = 0;
  while (at < layout.length) {
    const token = TOKENS.find(([text]) => layout.startsWith(text, at));
    if (token) {
      source += `(${token[1]})`;
      fields.push(token[2]);
      at += token[0].length;
    } else {
      source += (layout[at] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      at += 1;
    }
  }
  return { pattern: new RegExp(`^${source}$`), fields };
}

/** Why a layout cannot date anything (it needs a year and a month), or null; for refusing it at save. */
export function layoutProblem(layout: string): string | null {
  if (layout.length > MAX_GO_LAYOUT) return `must be at most ${MAX_GO_LAYOUT} characters`;
  const { fields } = compile(layout);
  const hasYear = fields.includes('year') || fields.includes('year2');
  const hasMonth = fields.includes('month') || fields.includes('monthName') || fields.includes('monthShort');
  if (!hasYear || !hasMonth) {
    return 'must be a Go layout with the year (2006 or 06) and month (01, 1, Jan or January), e.g. 2006-01-02 15:04:05';
  }
  return null;
}

function zoneOffsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0));
}

function monthNumber(text: string, names: readonly string[]): number {
  return names.indexOf(text.toLowerCase()) + 1;
}

const SHORT_MONTHS = MONTHS.map((name) => name.slice(0, 3));

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  ampm: 'am' | 'pm' | null;
  offset: number | null;
}

function readParts(fields: readonly Field[], match: RegExpExecArray): Parts {
  const parts: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0, ampm: null, offset: null };
  fields.forEach((field, index) => {
    const text = (match[index + 1] ?? '').trim();
    if (field === 'year') parts.year = Number(text);
    else if (field === 'year2') parts.year = Number(text) + (Number(text) >= 69 ? 1900 : 2000);
    else if (field === 'month') parts.month = Number(text);
    else if (field === 'monthName') parts.month = monthNumber(text, MONTHS);
    else if (field === 'monthShort') parts.month = monthNumber(text, SHORT_MONTHS);
    else if (field === 'day') parts.day = Number(text);
    else if (field === 'hour' || field === 'hour12') parts.hour = Number(text);
    else if (field === 'minute') parts.minute = Number(text);
    else if (field === 'second') parts.second = Number(text);
    // Milliseconds from the digits themselves (truncated, as `new Date` reads RFC 3339): no float rounding.
    else if (field === 'fraction') parts.ms = text ? Number(text.slice(1, 4).padEnd(3, '0')) : 0;
    else if (field === 'ampm') parts.ampm = text.toLowerCase() === 'pm' ? 'pm' : 'am';
    else if (field === 'zone') parts.offset = zoneOffsetMinutes(text);
  });
  return parts;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function outOfRange(parts: Parts, twelveHour: boolean): boolean {
  if (parts.month < 1 || parts.month > 12) return true;
  if (parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) return true;
  if (parts.hour > (twelveHour ? 12 : 23)) return true;
  return parts.minute > 59 || parts.second > 59;
}

/** The wall-clock parts as an instant: in UTC, or in the server's zone (years below 100 kept as written). */
function instant(parts: Parts, zone: 'UTC' | 'local'): Date {
  const time = new Date(0);
  if (zone === 'UTC') {
    time.setUTCFullYear(parts.year, parts.month - 1, parts.day);
    time.setUTCHours(parts.hour, parts.minute, parts.second, parts.ms);
  } else {
    time.setFullYear(parts.year, parts.month - 1, parts.day);
    time.setHours(parts.hour, parts.minute, parts.second, parts.ms);
  }
  return time;
}

/**
 * Parses `value` by a Go layout as `time.Parse` does: a zone in the value wins, otherwise `defaultZone`
 * (UTC for `time.Parse` and config-db, the server's zone for `time.ParseLocal`).
 */
export function parseGoTime(layout: string, value: string, defaultZone: 'UTC' | 'local' = 'UTC'): GoTimeResult {
  if (layout.length > MAX_GO_LAYOUT)
    return { ok: false, reason: `time layout longer than ${MAX_GO_LAYOUT} characters` };
  const { pattern, fields } = compile(layout);
  const match = value.length <= MAX_VALUE ? pattern.exec(value) : null;
  if (!match)
    return { ok: false, reason: `parsing time ${JSON.stringify(value)} as ${JSON.stringify(layout)}: no match` };
  const parts = readParts(fields, match);
  const twelveHour = fields.includes('hour12');
  if (outOfRange(parts, twelveHour)) {
    return { ok: false, reason: `parsing time ${JSON.stringify(value)}: value out of range` };
  }
  if (parts.ampm === 'pm' && parts.hour < 12) parts.hour += 12;
  else if (parts.ampm === 'am' && parts.hour === 12) parts.hour = 0;
  if (parts.offset === null) return { ok: true, time: instant(parts, defaultZone) };
  return { ok: true, time: new Date(instant(parts, 'UTC').getTime() - parts.offset * MS_PER_MINUTE) };
}
