/** A relative preset: how it reads and the range it applies, e.g. 'now-5m'. */
export interface RelativePreset {
  display: string;
  range: string;
}

const SPANS: ReadonlyArray<[code: string, label: string]> = [
  ['5m', '5 minutes'],
  ['15m', '15 minutes'],
  ['30m', '30 minutes'],
  ['1h', '1 hour'],
  ['3h', '3 hours'],
  ['6h', '6 hours'],
  ['12h', '12 hours'],
  ['24h', '24 hours'],
  ['2d', '2 days'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['6M', '6 months'],
  ['1y', '1 year'],
  ['2y', '2 years'],
  ['5y', '5 years'],
];

/** Past presets of 001 §9: 5m … 5 years. */
export const PAST_PRESETS: readonly RelativePreset[] = SPANS.map(([code, label]) => ({
  display: `Last ${label}`,
  range: `now-${code}`,
}));

/** The future preset with no end; a silence stores it as no end (000 §4). */
export const INDEFINITELY: RelativePreset = { display: 'Indefinitely', range: 'indefinitely' };

/** Future presets: Indefinitely plus the past list forward. */
export const FUTURE_PRESETS: readonly RelativePreset[] = [
  INDEFINITELY,
  ...SPANS.map(([code, label]) => ({ display: `Next ${label}`, range: `now+${code}` })),
];

/** The 14 quick ranges of 001 §9, in their order. */
export const QUICK_RANGES = [
  'Yesterday',
  'Day before yesterday',
  'This day last week',
  'Previous week',
  'Previous month',
  'Previous year',
  'Today',
  'Today so far',
  'This week',
  'This week so far',
  'This month',
  'This month so far',
  'This year',
  'This year so far',
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** Time-range options with their minutes (001 §9); the second one, 1h, is the default. */
export const TIME_RANGE_OPTIONS: ReadonlyArray<{ value: string; minutes: number }> = [
  { value: '15m', minutes: 15 },
  { value: '1h', minutes: 60 },
  { value: '2h', minutes: 120 },
  { value: '3h', minutes: 180 },
  { value: '6h', minutes: 360 },
  { value: '12h', minutes: 720 },
  { value: '1d', minutes: 1440 },
  { value: '2d', minutes: 2880 },
  { value: '3d', minutes: 4320 },
  { value: '1w', minutes: 10080 },
  { value: '2w', minutes: 20160 },
  { value: '3w', minutes: 30240 },
  { value: '1mo', minutes: 43200 },
  { value: '2mo', minutes: 86400 },
  { value: '3mo', minutes: 129600 },
  { value: '6mo', minutes: 259200 },
  { value: '1y', minutes: 518400 },
  { value: '2y', minutes: 1036800 },
  { value: '3y', minutes: 1555200 },
  { value: '5y', minutes: 2592000 },
];
export const DEFAULT_TIME_RANGE_OPTION = '1h';

function startOfDay(date: Date): Date {
  const d = new Date(date);
  d.setHours(0, 0, 0, 0);
  return d;
}

function addDays(date: Date, days: number): Date {
  const d = new Date(date);
  d.setDate(d.getDate() + days);
  return d;
}

/** Monday-based start of the week. */
function startOfWeek(date: Date): Date {
  const d = startOfDay(date);
  return addDays(d, -((d.getDay() + 6) % 7));
}

function endOf(start: Date): Date {
  return new Date(start.getTime() - 1);
}

/** The absolute bounds of a quick range at `now`, in the browser's local time. */
export function quickRangeBounds(range: QuickRange, now: Date = new Date()): { from: Date; to: Date } {
  const today = startOfDay(now);
  const week = startOfWeek(now);
  const month = new Date(now.getFullYear(), now.getMonth(), 1);
  const year = new Date(now.getFullYear(), 0, 1);
  switch (range) {
    case 'Yesterday':
      return { from: addDays(today, -1), to: endOf(today) };
    case 'Day before yesterday':
      return { from: addDays(today, -2), to: endOf(addDays(today, -1)) };
    case 'This day last week':
      return { from: addDays(today, -7), to: endOf(addDays(today, -6)) };
    case 'Previous week':
      return { from: addDays(week, -7), to: endOf(week) };
    case 'Previous month':
      return { from: new Date(now.getFullYear(), now.getMonth() - 1, 1), to: endOf(month) };
    case 'Previous year':
      return { from: new Date(now.getFullYear() - 1, 0, 1), to: endOf(year) };
    case 'Today':
      return { from: today, to: endOf(addDays(today, 1)) };
    case 'Today so far':
      return { from: today, to: now };
    case 'This week':
      return { from: week, to: endOf(addDays(week, 7)) };
    case 'This week so far':
      return { from: week, to: now };
    case 'This month':
      return { from: month, to: endOf(new Date(now.getFullYear(), now.getMonth() + 1, 1)) };
    case 'This month so far':
      return { from: month, to: now };
    case 'This year':
      return { from: year, to: endOf(new Date(now.getFullYear() + 1, 0, 1)) };
    case 'This year so far':
      return { from: year, to: now };
  }
}
